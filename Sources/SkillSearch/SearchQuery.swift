import SkillParser
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
        /// Which query word the slot comes from: an identifier's parts and a CJK run's pairs
        /// share their word, which counts as found when all of them are.
        var group: Int = 0
        /// What the slot's score is multiplied by: one over the number of required slots of its
        /// word, so that `visionOS` (vision + os) weighs as one word, not two.
        var scale: Double = 1
    }

    var slots: [Slot]
    /// Number of required slots of each query word (its parts).
    var groupSizes: [Int]

    /// `typing`: the query is being typed, so its last word may be unfinished; `nil` decides from
    /// whether the text ends with a space.
    init(_ text: String, typing: Bool? = nil) {
        let tokens = SearchTokenizer.tokens(text)
        let stillTyping = typing ?? !(text.last.map { $0.isWhitespace } ?? true)
        var groups: [Int] = []
        var groupEnd: String.Index?
        var group = -1
        for (position, token) in tokens.enumerated() {
            let previous = position > 0 ? tokens[position - 1] : nil
            switch token.kind {
            case .identifier:
                group += 1
                groupEnd = token.range.upperBound
            case .part where groupEnd.map { token.range.upperBound <= $0 } ?? false:
                break
            case .bigram where previous?.kind == .bigram && token.range.lowerBound < previous!.range.upperBound:
                break
            default:
                group += 1
                groupEnd = nil
            }
            groups.append(group)
        }
        slots = zip(tokens, groups).map { token, group in
            var exact = [token.term]
            if let surface = token.surface { exact.append(surface) }
            return Slot(exact: exact, word: token.surface ?? token.term, required: token.kind != .identifier, prefix: false,
                        allowsTypo: token.kind == .word || token.kind == .part, group: group)
        }
        groupSizes = Array(repeating: 0, count: group + 1)
        for slot in slots where slot.required { groupSizes[slot.group] += 1 }
        for index in slots.indices where slots[index].required {
            slots[index].scale = 1 / Double(groupSizes[slots[index].group])
        }
        if stillTyping, let last = tokens.last, last.range.upperBound == text.endIndex,
           slots[slots.count - 1].word.utf16.count >= SearchRanking.minimumPrefixLength {
            slots[slots.count - 1].prefix = true
        }
    }
}
