import SkillParser
/// What reading a section's text adds to its score, once the first pages are known:
/// - the query's words together, in the order typed, in the heading or text (a phrase), or else
///   close to each other (proximity: the fewer other words between them, the more);
/// - the strongest of: a page title that is the query (the page is about it), a heading that is
///   the query or a page title that holds the query's words together, a page title made of the
///   query's words.
enum SectionBoost {
    static func factor(_ section: SearchSection, required: [SearchEngine.SlotTerms]) -> Double {
        let title = section.heading.isEmpty ? section.pageTitle : section.heading
        let text = title + "\n" + section.text
        let phrase = required.count >= 2 && containsPhrase(text, required)
        let near = required.count >= 2 && !phrase ? closeness(text, required) : 0
        // The strongest of what the titles show: the page title or the section's heading is the
        // query, the page title holds the query as a phrase, or the page title shares its words.
        var titleBoost = SearchRanking.titleOverlapBoost * titleOverlap(section.pageTitle, required)
        if isExactTitle(section.pageTitle, required) {
            titleBoost = max(titleBoost, SearchRanking.pageTitleBoost)
        } else if isExactTitle(section.heading, required) || containsPhrase(section.pageTitle, required) {
            titleBoost = max(titleBoost, SearchRanking.titleBoost)
        }
        return 1 + (phrase ? SearchRanking.phraseBoost : SearchRanking.proximityBoost * near) + titleBoost
    }

    /// How close together the text holds one word of each slot, in any order: `(n - 1) / (w - 1)`
    /// for the narrowest window of `w` word positions that holds all `n` slots (1 when they are
    /// side by side), or 0 when some slot is missing or the window is wider than
    /// `SearchRanking.proximityWindow` words per slot.
    static func closeness(_ text: String, _ slots: [SearchEngine.SlotTerms]) -> Double {
        // (position, slot) of every word that a slot accepts, in text order.
        var hits: [(position: Int, slot: Int)] = []
        for token in SearchTokenizer.tokens(text) {
            for (slot, terms) in slots.enumerated() where terms.accepted.contains(token.term) {
                hits.append((token.position, slot))
            }
        }
        var counts = [Int](repeating: 0, count: slots.count)
        var covered = 0
        var narrowest = Int.max
        var start = 0
        for end in hits.indices {
            if counts[hits[end].slot] == 0 { covered += 1 }
            counts[hits[end].slot] += 1
            while covered == slots.count {
                narrowest = min(narrowest, hits[end].position - hits[start].position + 1)
                counts[hits[start].slot] -= 1
                if counts[hits[start].slot] == 0 { covered -= 1 }
                start += 1
            }
        }
        guard narrowest != Int.max, narrowest <= SearchRanking.proximityWindow * slots.count else { return 0 }
        return min(1, Double(slots.count - 1) / Double(max(1, narrowest - 1)))
    }

    /// Whether the slots' terms appear at consecutive positions, in order.
    static func containsPhrase(_ text: String, _ slots: [SearchEngine.SlotTerms]) -> Bool {
        guard !slots.isEmpty else { return false }
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

    /// The share of the title's words that are query words, times the share of query words in it.
    static func titleOverlap(_ title: String, _ slots: [SearchEngine.SlotTerms]) -> Double {
        let terms = SearchTokenizer.tokens(title).filter { $0.kind != .identifier }.map(\.term)
        guard !slots.isEmpty, !terms.isEmpty else { return 0 }
        let inTitle = terms.filter { term in slots.contains { $0.accepted.contains(term) } }.count
        let found = slots.filter { slot in terms.contains(where: slot.accepted.contains) }.count
        return Double(inTitle) / Double(terms.count) * (Double(found) / Double(slots.count))
    }

    /// Whether the title's words, identifiers aside, are the query's words in order.
    static func isExactTitle(_ title: String, _ slots: [SearchEngine.SlotTerms]) -> Bool {
        let terms = SearchTokenizer.tokens(title).filter { $0.kind != .identifier }.map(\.term)
        guard !slots.isEmpty, terms.count == slots.count else { return false }
        return zip(terms, slots).allSatisfy { $1.accepted.contains($0) }
    }
}
