import SkillParser

/// Fires on a skill `description` that is still a placeholder (`placeholder-description`):
/// the text `skillbook new` writes, or one that starts with TODO, TBD or FIXME. The reference
/// validator accepts any non-empty text, so without this check a scaffolded skill would reach
/// agents with a description that says nothing.
struct PlaceholderDescriptionCheck: DigestedCheck {
    /// What `skillbook new` writes; `check` flags it until an author replaces it.
    static let placeholder = "TODO: say what this skill does and when to use it, in the words a user would say."

    let codes = [
        CodeInfo("placeholder-description", .error, summary: "a skill `description` is still a placeholder (TODO, TBD, FIXME)",
                 explanation: """
                    Agents choose which skill to load from its `description` alone. A placeholder such as \
                    the one `skillbook new` writes passes the specification's rules (it is not empty) but \
                    tells an agent nothing, so the skill is never chosen, or chosen at random.

                    Replace it with one or two sentences saying what the skill does and when to use it, \
                    in the words a user would say.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for skill in context.graph.skills {
            guard let entry = skill.manifest?.entry("description"), let text = entry.value.stringValue,
                  Self.isPlaceholder(text) else { continue }
            result.append(Diagnostic(.error, code: "placeholder-description", "`description` is still a placeholder",
                                     at: entry.location,
                                     suggestion: "say what the skill does and when to use it, in the words a user would say"))
        }
        return result
    }

    /// The `new` placeholder, or text whose first word is TODO, TBD or FIXME.
    static func isPlaceholder(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace
        if trimmed == placeholder { return true }
        let firstWord = trimmed.prefix { $0.isLetter }.uppercased()
        return ["TODO", "TBD", "FIXME"].contains(firstWord)
    }
}

extension PlaceholderDescriptionCheck {
    /// Reads the skills' own files only (`skillFilesDigest`).
    func inputs(_ context: CheckContext) -> ContentHash? {
        context.skillFilesDigest("PlaceholderDescriptionCheck")
    }
}
