import SkillParser
import SkillDuplicates
/// Fires on a top-level frontmatter key of a SKILL.md that the Agent Skills specification
/// does not define (`unknown-field`): a warning by default, an error under `--spec strict`,
/// as the reference validator rejects the skill.
struct UnknownFieldCheck: Check {
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

    func run(_ context: CheckContext) -> [Diagnostic] {
        let severity: Severity = context.options.spec == .strict ? .error : .warning
        let specified = SkillManifest.specifiedKeys.sorted()
        var result: [Diagnostic] = []
        for skill in context.graph.skills {
            guard let manifest = skill.manifest, !context.unreadableFrontmatter.contains(skill.skillFile) else { continue }
            for entry in manifest.extraFields {
                let key = entry.key.lowercased().replacingOccurrences(of: "_", with: "-")
                let near = specified.contains(key) ? [key] : NearestNames.suggest(key, among: specified, count: 1, limit: 2)
                let suggestion = near.first.map { "did you mean `\($0)`?" }
                    ?? "move it under `metadata:`, or drop it"
                result.append(Diagnostic(severity, code: "unknown-field",
                                         "`\(entry.key)` is not a field of the Agent Skills specification",
                                         at: entry.location, suggestion: suggestion))
            }
        }
        return result
    }
}
