import SkillParser
/// What matching across files found in one run: the pairs of distinct texts that verification
/// accepted, then those found restated inside longer ones, in the order union-find joined them,
/// under the key of the texts they were found among.
///
/// Candidates, verification and containment read nothing but the distinct texts (their
/// fingerprints, in order), so a run whose texts have the key of the previous run's takes that
/// run's pairs from the duplicate cache: a rebuild that changed no rule (most edits touch prose,
/// not list items) matches nothing again, which was two thirds of the dedupe step of a rebuild.
struct MatchedPairs: Sendable {
    struct Pair: Sendable, Hashable {
        var first: UInt32
        var second: UInt32
    }

    /// `key(of:)` of the texts the pairs were found among.
    var key: ContentHash
    /// How many pairs shared an LSH band (for statistics only).
    var candidates: Int
    /// The verified pairs, then the contained ones.
    var pairs: [Pair]
    var verifiedCount: Int
    /// The candidate pairs of units (`i << 32 | j`, `i < j`, sorted) that verification accepted,
    /// by the units' indexes in the run (the order of `CachedSketches.unitKeys`): what the next
    /// run whose rules changed keeps of matching (`MatchPatch`).
    var verifiedUnits: [UInt64]

    init(key: ContentHash, candidates: Int, pairs: [Pair], verifiedCount: Int, verifiedUnits: [UInt64]) {
        self.key = key
        self.candidates = candidates
        self.pairs = pairs
        self.verifiedCount = verifiedCount
        self.verifiedUnits = verifiedUnits
    }

    init(key: ContentHash, candidates: Int, verified: [(Int, Int)], contained: [(Int, Int)], verifiedUnits: [UInt64]) {
        self.key = key
        self.candidates = candidates
        pairs = (verified + contained).map { Pair(first: UInt32($0.0), second: UInt32($0.1)) }
        verifiedCount = verified.count
        self.verifiedUnits = verifiedUnits
    }

    /// The key of everything matching reads: every distinct text in order, with the word count
    /// and the sentences it is compared by (two texts with the same words may differ in which
    /// sentences are links, and so in their sentence units).
    static func key(of units: ComparisonUnits) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("matched pairs")
        hasher.add(units.texts.count)
        for text in units.texts { text.fingerprint.add(to: &hasher) }
        return hasher.finalize()
    }
}

extension RuleFingerprint {
    /// Adds what matching reads of the text: its key, word count and the sentences it is
    /// compared by (two texts with the same words may differ in which sentences are links).
    func add(to hasher: inout ContentHasher) {
        hasher.add(key.high)
        hasher.add(key.low)
        hasher.add(tokenCount)
        hasher.add(wordCount)
        hasher.add(sentences.count)
        for (sentence, key) in zip(sentences, sentenceKeys) {
            hasher.add(sentence.lowerBound)
            hasher.add(sentence.upperBound)
            hasher.add(key.high)
            hasher.add(key.low)
        }
    }
}
