import SkillParser
/// Whether a run of tokens says "not": opposite rules on one topic share their words.
enum Polarity {
    static func isNegated(_ hashes: ArraySlice<UInt64>) -> Bool {
        let (filter, negations) = (Self.filter, Self.negations)
        return hashes.withUnsafeBufferPointer { tokens in
            filter.withUnsafeBufferPointer { filter in
                for token in tokens where filter[Int(token & 4095) >> 6] & (1 << (token & 63)) != 0 {
                    if negations.contains(token) { return true }
                }
                return false
            }
        }
    }

    static let words: [String] = [
        "not", "no", "never", "dont", "doesnt", "didnt", "cannot", "cant", "wont", "shouldnt", "mustnt",
        "isnt", "arent", "wasnt", "werent", "avoid", "neither", "nor",
    ]

    private static let negations = words.map(StableHash.string)
    /// A 4,096-bit filter of the words' low bits: every unit's every token is asked, and with a
    /// one-word filter (64 bits) about a quarter of them went on to hash into a `Set` (perf, a rule
    /// rebuild of agentic-awesome-skills: 76 M instructions for 128k units); with this one about
    /// one token in two hundred goes on, to a scan of the eighteen words.
    private static let filter: [UInt64] = negations.reduce(into: [UInt64](repeating: 0, count: 64)) { filter, hash in
        filter[Int(hash & 4095) >> 6] |= 1 << (hash & 63)
    }
}
