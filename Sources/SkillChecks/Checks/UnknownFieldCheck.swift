import SkillParser
import SkillDuplicates
/// Fires on a top-level frontmatter key of a SKILL.md that the Agent Skills specification
/// does not define (`unknown-field`): a warning by default, an error under `--spec strict`,
/// as the reference validator rejects the skill.
struct UnknownFieldCheck: DocumentCheck {
    let codes = [
        CodeInfo("unknown-field", .warning, summary: "a SKILL.md frontmatter key is not in the Agent Skills specification",
                 explanation: """
                    The specification defines `name`, `description`, `license`, `compatibility`, \
                    `allowed-tools` and `metadata`. Other top-level keys (`version`, `tags`, `author`) are \
                    ignored by most agents and rejected by the reference validator (`agentskills \
                    validate`), so `--spec strict` reports them as errors.

                    Move such keys under `metadata:`, which maps any string keys to string values:

                        metadata:
                          version: "1.2"
                    """),
    ]

    /// A skill's findings are in its SKILL.md, read from that document alone (its manifest, and
    /// whether its frontmatter could be read as a map).
    func run(_ context: CheckContext, documents: [Document]) -> [[Diagnostic]] {
        let severity: Severity = context.options.spec == .strict ? .error : .warning
        let specified = SkillManifest.specifiedKeys.sorted()
        return documents.map { document in
            guard document.kind == .skill, let skill = context.graph.skill(inFolder: document.skillFolder ?? ""),
                  skill.skillFile == document.path else { return [] }
            return findings(skill, context: context, severity: severity, specified: specified)
        }
    }

    private func findings(_ skill: Skill, context: CheckContext, severity: Severity, specified: [String]) -> [Diagnostic] {
        guard let manifest = skill.manifest, !context.unreadableFrontmatter.contains(skill.skillFile) else { return [] }
        return manifest.extraFields.map { entry in
            // Not Foundation's `replacingOccurrences`, which bridges to NSString (26 ms of a check of
            // agentic-awesome-skills' 4,000 unknown fields, perf).
            let key = String(entry.key.lowercased().map { $0 == "_" ? "-" : $0 })
            let near = specified.contains(key) ? [key] : NearestNames.suggest(key, among: specified, count: 1, limit: 2)
            let suggestion = near.first.map { "did you mean `\($0)`?" }
                ?? "move it under `metadata:`, or drop it"
            return Diagnostic(severity, code: "unknown-field", "`\(entry.key)` is not a field of the Agent Skills specification",
                              at: entry.location, suggestion: suggestion)
        }
    }
}
