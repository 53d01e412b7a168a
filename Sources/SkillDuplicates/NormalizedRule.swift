import SkillParser
/// A rule reduced to what duplicate detection compares: its words, lower-case, with Markdown
/// syntax, punctuation, curly quotes and dashes gone and code spans kept whole as single tokens,
/// as hashes; and where its sentences end.
struct NormalizedRule: Hashable, Sendable {
    /// `StableHash.string` of each token.
    var hashes: [UInt64]
    /// The tokens themselves, only when asked for (tests and diagnosis).
    var tokens: [String]
    /// Token ranges of the sentences, in order; together they cover every token.
    var sentences: [Range<Int>]
    /// Number of tokens that are link text, per sentence.
    var linkTokens: [Int]
    /// UTF-8 range of each token in the text, only when asked for (to show a matched span as written).
    var offsets: [Range<Int>] = []
    /// Tokens that are one Chinese or Japanese character each.
    var ideographs = 0

    /// About how many words the rule has: a Chinese or Japanese word is about two characters,
    /// so a rule of twelve characters counts as six words.
    var wordCount: Int { tokenCount - ideographs / 2 }

    var tokenCount: Int { hashes.count }

    /// Whether sentence `index` is mostly link text, a pointer such as "For developer guidance,
    /// see [Creating custom views](...)." rather than a statement of its own.
    func isReference(_ index: Int) -> Bool {
        linkTokens[index] * 2 >= sentences[index].count
    }

    /// Whether the whole rule is mostly link text: an item of a list of sources or related
    /// pages (`- [Safe areas](...)`, `- https://developer.apple.com/...`), not a statement.
    var isReference: Bool {
        linkTokens.reduce(0, +) * 2 >= tokenCount
    }
}
