import SkillParser
/// Whether a run of tokens says "not": opposite rules on one topic share their words.
enum Polarity {
    static func isNegated(_ hashes: ArraySlice<UInt64>) -> Bool {
        // A one-word bit filter rules out almost every token before the set is asked.
        hashes.contains { mask & (1 << ($0 & 63)) != 0 && negations.contains($0) }
    }

    static let words: [String] = [
        "not", "no", "never", "dont", "doesnt", "didnt", "cannot", "cant", "wont", "shouldnt", "mustnt",
        "isnt", "arent", "wasnt", "werent", "avoid", "neither", "nor",
    ]

    private static let negations = Set(words.map(StableHash.string))
    private static let mask = negations.reduce(UInt64(0)) { $0 | 1 << ($1 & 63) }
}
