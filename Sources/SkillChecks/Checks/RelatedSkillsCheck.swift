import SkillParser
import SkillDuplicates
/// Fires on an item of a related-skills list that names no skill of the collection and no
/// skill declared in `external_skills` (`unknown-skill`). Which lists are related-skills lists
/// the graph decides (`SkillGraph.relatedSkillItems(in:)`): an English "Related skills"
/// heading, a heading named in `related_headings`, or, in any language, a list under a heading
/// whose items mostly open with skill names. The name may be in backticks, bold, a link or plain text; a leading `@`
/// is ignored. Items that are prose rather than a name are left alone, and so are links, whose
/// targets `broken-link` checks.
struct RelatedSkillsCheck: DocumentCheck {
    let codes = [
        CodeInfo("unknown-skill", .error, summary: "an item of a related-skills list names a skill the collection does not have",
                 explanation: """
                    Agents and readers follow "Related skills" lists to the next skill to load. An item that \
                    names no skill of the collection sends them nowhere: the skill was renamed, removed, or \
                    lives in another collection.

                    A list counts as a related-skills list under a heading "Related skills", under a \
                    heading named in `related_headings:` of skillbook.yml, or, in any language, when it \
                    follows a heading and most of its items open with names of skills of the collection \
                    (`## 相关技能` followed by `` - `skill-a` ``, `` - `skill-b` ``).

                    Fix the name (the suggestion lists the nearest ones). A skill that lives in another \
                    collection is declared once in skillbook.yml instead of being silenced item by item:

                        external_skills: [swiftui-expert-skill]
                    """),
    ]

    func run(_ context: CheckContext, documents: [Document]) -> [[Diagnostic]] {
        documents.map { document in
            var result: [Diagnostic] = []
            for item in context.graph.relatedSkillItems(in: document.path) {
                let name = Self.cleanName(item.name)
                if context.isKnownSkill(name) || context.isKnownSkill(item.name) { continue }
                // A link names its skill by its target, which the link and anchor checks verify.
                if case .link = item.form { continue }
                if let pattern = Self.pattern(name, in: item) {
                    // `hig-components-*` stands for a family of skills; it is fine when one matches.
                    if context.knownSkillNames.contains(where: pattern.matches) { continue }
                    result.append(Diagnostic(.error, code: "unknown-skill", "no skill of this collection matches `\(pattern.pattern)`",
                                             at: item.location))
                    continue
                }
                guard Self.readsAsName(name, strict: item.form == .text) else { continue }
                result.append(Diagnostic(.error, code: "unknown-skill", "`\(name)` is not a skill of this collection",
                                         at: item.location, suggestion: SkillSuggestions.suggestion(for: name, context: context)))
            }
            return result
        }
    }

    /// The glob an item writes instead of one name: `hig-components-*` (in bold, Markdown reads
    /// the `*` as text after the emphasis, so it is looked for right after the name).
    static func pattern(_ name: String, in item: RelatedSkillItem) -> Glob? {
        if name.contains("*") { return Glob(name) }
        let text = Substring(item.text.trimmingWhitespace).drop { $0 == "@" }
        guard text.hasPrefix(name + "*") else { return nil }
        return Glob(name + "*")
    }

    static func cleanName(_ name: String) -> String { RelatedSkillItem.cleanName(name) }

    /// A skill name is one token without dots (`coding-standards.md` is a file, not a skill);
    /// plain-text items must also look like one (lower case, digits,
    /// hyphens), so that prose such as "User mentions: crewai" is not taken for a name.
    static func readsAsName(_ name: String, strict: Bool) -> Bool {
        guard !name.isEmpty, !name.contains(where: \.isWhitespace), !name.contains("."), name.contains(where: \.isLetter)
        else { return false }
        if strict {
            return name.allSatisfy { ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "-" || $0 == "_" }
        }
        return !name.contains("/") && !name.contains("://")
    }
}

/// "did you mean" text for a name that is not a skill.
enum SkillSuggestions {
    static func suggestion(for name: String, context: CheckContext) -> String {
        // The skill in a folder of that name, when its manifest names it otherwise.
        let byFolder = context.skillNamesByFolderName[name] ?? []
        let near = NearestNames.suggest(name, among: context.skillNameCandidates, count: 3)
        var seen = Set<String>()
        let names = (byFolder + near).filter { seen.insert($0).inserted }.prefix(3).map { $0 }
        if names.isEmpty {
            return "if it lives in another collection, add it to `external_skills` in skillbook.yml"
        }
        return "did you mean \(NearestNames.list(names))?"
    }
}
