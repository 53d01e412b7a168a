import Foundation
import SkillParser
import SkillDuplicates

/// Fires on a skill manifest whose `name` is missing or empty (`missing-name`), breaks the
/// Agent Skills rules (`invalid-name`: 1–64 characters; lower-case letters, digits and
/// hyphens; no leading, trailing or doubled hyphen), or differs from its folder's name
/// (`name-mismatch`). Names are compared after Unicode NFKC normalisation, as the reference
/// validator does.
struct SkillNameCheck: DigestedCheck {
    static let maximumLength = 64

    let codes = [
        CodeInfo("missing-name", .error, summary: "a SKILL.md frontmatter has no `name`, or an empty one",
                 explanation: """
                    `name` is required by the Agent Skills specification: it is how agents, installers and \
                    other skills refer to the skill. Add `name:` with the skill's folder name.
                    """),
        CodeInfo("invalid-name", .error, summary: "a skill `name` breaks the specification's naming rules",
                 explanation: """
                    A skill name is 1 to 64 characters of lower-case letters, digits and hyphens, with no \
                    hyphen at the start, at the end or twice in a row (`pdf-tools`, not `PDF_Tools` or \
                    `-pdf--tools`). Tools that install and load skills rely on it being safe as a folder \
                    name and an identifier.

                    Rename the skill as suggested, and its folder with it.
                    """),
        CodeInfo("name-mismatch", .error, summary: "a skill `name` differs from its folder's name",
                 explanation: """
                    The specification wants a skill's `name` to equal the name of the folder that holds its \
                    SKILL.md. Installers place skills by folder, agents refer to them by name; when the two \
                    differ, one of them points nowhere.

                    Rename the folder or change `name` so they match.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for skill in context.graph.skills {
            guard let manifest = skill.manifest, !context.unreadableFrontmatter.contains(skill.skillFile) else { continue }
            let folderName = context.folderName(of: skill)
            guard let entry = manifest.entry("name") else {
                result.append(Diagnostic(.error, code: "missing-name", "frontmatter has no `name`",
                                         at: context.frontmatterLocation(of: skill), suggestion: "add `name: \(folderName)`"))
                continue
            }
            let value: String
            switch entry.value {
            case .string(let text): value = text
            case .null: value = ""
            case .list, .map: continue  // reported as frontmatter-type while loading
            }
            let name = value.trimmingWhitespace.compatibilityForm
            if name.isEmpty {
                result.append(Diagnostic(.error, code: "missing-name", "`name` is empty", at: entry.location,
                                         suggestion: "write `name: \(folderName)`"))
                continue
            }
            let problems = Self.problems(of: name)
            if !problems.isEmpty {
                let fixed = Self.repaired(name)
                result.append(Diagnostic(.error, code: "invalid-name", "skill name `\(name)` \(problems.joined(separator: "; "))",
                                         at: entry.location,
                                         suggestion: fixed.isEmpty || fixed == name ? nil : "use `\(fixed)`"))
            }
            let folder = folderName.compatibilityForm
            if name != folder {
                result.append(Diagnostic(.error, code: "name-mismatch", "skill name `\(name)` differs from its folder `\(folder)`",
                                         at: entry.location,
                                         suggestion: problems.isEmpty && Self.problems(of: folder).isEmpty
                                            ? "rename the folder to `\(name)` or write `name: \(folder)`"
                                            : "give the skill and its folder one valid name, such as `\(Self.repaired(name))`"))
            }
        }
        return result
    }

    /// What is wrong with a (normalised) name, as lower-case clauses.
    static func problems(of name: String) -> [String] {
        var problems: [String] = []
        let length = name.unicodeScalars.count
        if length > maximumLength { problems.append("is \(length) characters long, more than \(maximumLength)") }
        if name != name.lowercased() { problems.append("has upper-case letters") }
        if name.hasPrefix("-") || name.hasSuffix("-") { problems.append("starts or ends with a hyphen") }
        if name.contains("--") { problems.append("has two hyphens in a row") }
        let invalid = Set(name.filter { !($0.isLetter || $0.isNumber || $0 == "-") })
        if !invalid.isEmpty {
            let shown = invalid.sorted().map { $0 == " " ? "space" : "`\($0)`" }.joined(separator: ", ")
            problems.append("may hold only letters, digits and hyphens, not \(shown)")
        }
        return problems
    }

    /// The nearest valid name: lower case, other characters turned into single hyphens, trimmed.
    static func repaired(_ name: String) -> String {
        var result = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.isEmpty, result.last != "-" {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return String(result.prefix(maximumLength)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }
}

extension SkillNameCheck {
    /// Reads the skills' own files only (`skillFilesDigest`).
    func inputs(_ context: CheckContext) -> ContentHash? {
        context.skillFilesDigest("SkillNameCheck")
    }
}
