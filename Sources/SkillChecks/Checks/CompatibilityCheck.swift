import SkillParser
import SkillDuplicates
/// Fires on a skill manifest whose `compatibility` is longer than the specification's 500
/// characters (`compatibility-too-long`).
struct CompatibilityCheck: DigestedCheck {
    static let maximumLength = 500

    let codes = [
        CodeInfo("compatibility-too-long", .error, summary: "a skill `compatibility` is longer than 500 characters",
                 explanation: """
                    `compatibility` says briefly what a skill needs from its environment (a product, system \
                    packages, network access). The specification caps it at 500 characters; longer \
                    requirements belong in the body of SKILL.md.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        context.graph.skills.compactMap { skill -> Diagnostic? in
            guard !context.unreadableFrontmatter.contains(skill.skillFile),
                  let entry = skill.manifest?.entry("compatibility"), let text = entry.value.stringValue,
                  text.unicodeScalars.count > Self.maximumLength
            else { return nil }
            return Diagnostic(.error, code: "compatibility-too-long",
                              "`compatibility` is \(text.unicodeScalars.count) characters long, more than \(Self.maximumLength)",
                              at: entry.location, suggestion: "keep the requirements short and move details into the body")
        }
    }
}

extension CompatibilityCheck {
    /// Reads the skills' own files only (`skillFilesDigest`).
    func inputs(_ context: CheckContext) -> ContentHash? {
        context.skillFilesDigest("CompatibilityCheck")
    }
}
