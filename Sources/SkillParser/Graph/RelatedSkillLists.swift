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
        Self.items(in: document, lists: relatedLists(in: document))
    }

    /// The positions in `headedLists` of `document`'s lists that are related-skills lists: with
    /// the document, all its related-skills items (`items(in:lists:)`), which the graph cache keeps.
    func relatedLists(in document: Document) -> [Int] {
        let byShape = document.skillFolder != nil
        return document.markdown.headedLists.indices.filter { isRelatedSkillsList(document.markdown.headedLists[$0], byShape: byShape) }
    }

    /// The items of the section headed "Related skills" and of the lists at `lists` in `headedLists`.
    static func items(in document: Document, lists: [Int]) -> [RelatedSkillItem] {
        let markdown = document.markdown
        var result = markdown.relatedSkillItems
        for index in lists { result += markdown.headedLists[index].items }
        return result
    }

    /// Named in the configuration, or at least half of the items open with a skill's name, and
    /// two at the least (a lone item when the list has one), so that one command that happens
    /// to share a skill's name does not make a list of commands a list of skills.
    func isRelatedSkillsList(_ list: HeadedList, byShape: Bool) -> Bool {
        if !headings.isEmpty, headings.contains(Self.normalized(list.heading)) { return true }
        guard byShape else { return false }
        // `known >= min(2, itemCount) && known * 2 >= itemCount`, counted only until the answer
        // is certain: most lists under a heading are not of skills, and a name's hash (its
        // normalisation) was most of this test, a fifth of graph building on agentic-awesome-skills.
        let needed = max(min(2, list.itemCount), (list.itemCount + 1) / 2)
        guard needed <= list.items.count else { return false }
        var known = 0
        for (position, item) in list.items.enumerated() {
            if known + (list.items.count - position) < needed { return false }
            if skillNames.contains(RelatedSkillItem.cleanName(item.name)) {
                known += 1
                if known >= needed { return true }
            }
        }
        return known >= needed
    }

    /// Lower case, punctuation and spacing dropped: "Voir aussi :" is "voir aussi".
    static func normalized(_ heading: String) -> String {
        heading.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }
}
