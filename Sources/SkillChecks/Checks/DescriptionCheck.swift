import SkillParser
import SkillDuplicates
/// Fires on a skill manifest whose `description` is missing or empty (`missing-description`)
/// or longer than the specification's 1,024 characters (`description-too-long`).
struct DescriptionCheck: DigestedCheck {
    static let maximumLength = 1024

    let codes = [
        CodeInfo("missing-description", .error, summary: "a SKILL.md frontmatter has no `description`, or an empty one",
                 explanation: """
                    Agents choose which skill to load by reading its `description` alone, so the \
                    specification requires one. Say what the skill does and when to use it, in one or two \
                    sentences with the words a user would say.
                    """),
        CodeInfo("description-too-long", .error, summary: "a skill `description` is longer than 1,024 characters",
                 explanation: """
                    The specification caps `description` at 1,024 characters, because every description of \
                    every installed skill is put in front of the agent. Move detail into the body of \
                    SKILL.md and keep the description to what the skill is for and when to use it.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for skill in context.graph.skills {
            guard let manifest = skill.manifest, !context.unreadableFrontmatter.contains(skill.skillFile) else { continue }
            guard let entry = manifest.entry("description") else {
                result.append(Diagnostic(.error, code: "missing-description", "frontmatter has no `description`",
                                         at: context.frontmatterLocation(of: skill),
                                         suggestion: "add `description:` saying what the skill does and when to use it"))
                continue
            }
            let text: String
            switch entry.value {
            case .string(let value): text = value
            case .null: text = ""
            case .list, .map: continue  // reported as frontmatter-type while loading
            }
            if text.trimmingWhitespace.isEmpty {
                result.append(Diagnostic(.error, code: "missing-description", "`description` is empty", at: entry.location,
                                         suggestion: "say what the skill does and when to use it"))
            } else if text.unicodeScalars.count > Self.maximumLength {
                result.append(Diagnostic(.error, code: "description-too-long",
                                         "`description` is \(text.unicodeScalars.count) characters long, more than \(Self.maximumLength)",
                                         at: entry.location,
                                         suggestion: "keep what the skill is for and when to use it; move the rest into the body"))
            }
        }
        return result
    }
}

extension DescriptionCheck {
    /// Reads the skills' own files only (`skillFilesDigest`).
    func inputs(_ context: CheckContext) -> ContentHash? {
        context.skillFilesDigest("DescriptionCheck")
    }
}
