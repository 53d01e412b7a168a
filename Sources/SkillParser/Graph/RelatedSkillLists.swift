/// Decides which lists of a document are related-skills lists. A section headed "Related
/// skills" is one by its English title (the Markdown indexer collects it); so is a list under a
/// heading named in `related_headings:`; and, in any language, a list right under a heading
/// whose items mostly open with names of skills of the collection: `## 相关技能` followed by
/// `` - `skill-a` `` items reads the same as its English twin.
struct RelatedSkillLists: Sendable {
    let headings: Set<String>
    let skillNames: Set<String>

    init(headings: [String], skillNames: Set<String>) {
        self.headings = Set(headings.map(Self.normalized))
        self.skillNames = skillNames
    }

    /// The items of `document`'s related-skills lists. Shape counts only in a skill's own
    /// documents: a loose README listing every skill is a catalogue, not a pointer to others.
    func items(in document: Document) -> [RelatedSkillItem] {
        let markdown = document.markdown
        var result = markdown.relatedSkillItems
        for list in markdown.headedLists where isRelatedSkillsList(list, byShape: document.skillFolder != nil) {
            result += list.items
        }
        return result
    }

    /// Named in the configuration, or at least half of the items open with a skill's name, and
    /// two at the least (a lone item when the list has one), so that one command that happens
    /// to share a skill's name does not make a list of commands a list of skills.
    func isRelatedSkillsList(_ list: HeadedList, byShape: Bool) -> Bool {
        if !headings.isEmpty, headings.contains(Self.normalized(list.heading)) { return true }
        guard byShape else { return false }
        let known = list.items.count { skillNames.contains(RelatedSkillItem.cleanName($0.name)) }
        return known >= min(2, list.itemCount) && known * 2 >= list.itemCount
    }

    /// Lower case, punctuation and spacing dropped: "Voir aussi :" is "voir aussi".
    static func normalized(_ heading: String) -> String {
        heading.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }
}
