/// A query taken apart into slots: one per word the results should contain.
struct SearchQuery {
    struct Slot {
        /// Terms that match the word as typed: its stem and its unstemmed form.
        var exact: [String]
        /// The word folded but not stemmed, used for prefixes, typos and suggestions.
        var word: String
        /// Whether results are counted as having all words by this slot. The whole of an
        /// identifier typed (`sensoryFeedback`) is a bonus on top of its parts.
        var required: Bool
        /// The word is still being typed: terms it begins count too.
        var prefix: Bool
        /// Typos are forgiven in words, not in identifiers or CJK pairs.
        var allowsTypo: Bool
    }

    var slots: [Slot]

    var required: [Slot] { slots.filter(\.required) }

    /// `typing`: the query is being typed, so its last word may be unfinished; `nil` decides from
    /// whether the text ends with a space.
    init(_ text: String, typing: Bool? = nil) {
        let tokens = SearchTokenizer.tokens(text)
        let stillTyping = typing ?? !(text.last.map { $0.isWhitespace } ?? true)
        slots = tokens.map { token in
            let word = token.surface ?? token.term
            var exact = [token.term]
            if let surface = token.surface { exact.append(surface) }
            return Slot(exact: exact, word: word, required: token.kind != .identifier, prefix: false,
                        allowsTypo: token.kind == .word || token.kind == .part)
        }
        if stillTyping, let last = tokens.last, last.range.upperBound == text.endIndex,
           slots[slots.count - 1].word.utf16.count >= SearchRanking.minimumPrefixLength {
            slots[slots.count - 1].prefix = true
        }
    }
}
