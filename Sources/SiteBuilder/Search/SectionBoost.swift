/// What reading a section's text adds to its score: the query's words found together in the
/// order typed, and a heading (or, for a page's opening, a page title) that is exactly the query.
enum SectionBoost {
    static func factor(_ section: StoredSection, required: [SearchEngine.SlotTerms]) -> Double {
        let title = section.heading.isEmpty ? section.pageTitle : section.heading
        let phrase = containsPhrase(title + "\n" + section.text, required)
        let exactTitle = isExactTitle(title, required)
        return 1 + (phrase ? SearchRanking.phraseBoost : 0) + (exactTitle ? SearchRanking.exactTitleBoost : 0)
    }

    /// Whether the words of a query of two or more words appear at consecutive positions.
    static func containsPhrase(_ text: String, _ slots: [SearchEngine.SlotTerms]) -> Bool {
        guard slots.count >= 2 else { return false }
        var termsAt: [Int: [String]] = [:]
        let tokens = SearchTokenizer.tokens(text)
        for token in tokens { termsAt[token.position, default: []].append(token.term) }
        for token in tokens where slots[0].accepted.contains(token.term) {
            var matches = true
            for offset in 1..<slots.count {
                guard let terms = termsAt[token.position + offset],
                      terms.contains(where: slots[offset].accepted.contains) else { matches = false; break }
            }
            if matches { return true }
        }
        return false
    }

    /// Whether the title's words, identifiers aside, are the query's words in order.
    static func isExactTitle(_ title: String, _ slots: [SearchEngine.SlotTerms]) -> Bool {
        let terms = SearchTokenizer.tokens(title).filter { $0.kind != .identifier }.map(\.term)
        guard !slots.isEmpty, terms.count == slots.count else { return false }
        return zip(terms, slots).allSatisfy { $1.accepted.contains($0) }
    }
}
