import SkillParser
import SkillDuplicates
/// Fires on a `SKILL.md` that does not open with a `---` frontmatter block
/// (`missing-frontmatter`): without it the skill has no name or description an agent can see.
struct MissingFrontmatterCheck: DigestedCheck {
    let codes = [
        CodeInfo("missing-frontmatter", .error, summary: "a SKILL.md has no frontmatter",
                 explanation: """
                    The Agent Skills specification requires every SKILL.md to start with a YAML \
                    frontmatter block holding at least `name` and `description`. Agents read only that \
                    block to decide when to load the skill, so a skill without it is never chosen.

                    Start the file with:

                        ---
                        name: my-skill
                        description: What the skill does and when to use it.
                        ---
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        context.graph.skills.filter { $0.manifest == nil }.map { skill -> Diagnostic in
            let name = context.folderName(of: skill)
            return Diagnostic(.error, code: "missing-frontmatter", "SKILL.md has no frontmatter",
                              at: SourceLocation(file: skill.skillFile, line: 1),
                              suggestion: "start the file with a `---` block holding `name: \(name)` and a `description:`, closed by `---`")
        }
    }
}

extension MissingFrontmatterCheck {
    /// Reads the skills' own files only (`skillFilesDigest`).
    func inputs(_ context: CheckContext) -> ContentHash? {
        context.skillFilesDigest("MissingFrontmatterCheck")
    }
}
