import SkillParser

/// Entry points for the coverage-guided fuzzer (`make fuzz`); public only for `skillbook-fuzz`.
public enum SearchFuzzEntry {
    /// The tokenizer: scripts, identifiers, CJK pairs, stemming.
    public static func tokenizer(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = SearchTokenizer.tokens(text)
        _ = SearchTokenizer.terms(text)
    }

    /// The query parser, as typed and as submitted.
    public static func query(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = SearchQuery(text, typing: true).slots.count
        _ = SearchQuery(text, typing: false).groupSizes
    }
}
