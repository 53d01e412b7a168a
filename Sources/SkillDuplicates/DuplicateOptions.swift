import SkillParser
/// Settings of duplicate detection. The defaults were chosen by measuring on the shared
/// corpora; docs/dupes.md gives the figures and the reasoning.
public struct DuplicateOptions: Sendable, Hashable, Codable {
    /// Jaccard similarity of word shingles from which two whole rules are near duplicates.
    public var threshold: Double
    /// Similarity from which a rule counts as restated inside a sentence of a longer one, or two
    /// rules as sharing a sentence. Higher than `threshold`, because one changed word weighs
    /// more in one sentence than in a whole rule ("use the term AirPlay" and "use the term
    /// HomeKit" are different rules); the larger of the two applies.
    public var sentenceThreshold: Double
    /// Share of a rule's features (words and word pairs) that a span of a longer rule must hold
    /// for the rule to count as restated inside it, with words before and after (`contained`);
    /// the span must also be similar to it from the sentence threshold on.
    public var containmentCoverage: Double
    /// Rules with fewer words are ignored.
    public var minWords: Int
    /// Sentences with fewer words are not compared on their own (for containment and shared
    /// sentences); they still count as part of their rule.
    public var minSentenceWords: Int
    /// A cluster is boilerplate when it spans at least this share of the collection's skills...
    public var boilerplateShare: Double
    /// ...and at least this many skills.
    public var boilerplateMinSkills: Int
    /// Seed of the MinHash functions; fixed so that every run gives the same clusters.
    public var seed: UInt64

    public init(threshold: Double = 0.6, sentenceThreshold: Double = 0.8, containmentCoverage: Double = 0.9,
                minWords: Int = 6, minSentenceWords: Int = 8,
                boilerplateShare: Double = 0.02, boilerplateMinSkills: Int = 10,
                seed: UInt64 = 0x5EED_D0_0B1E) {
        self.threshold = threshold
        self.sentenceThreshold = sentenceThreshold
        self.containmentCoverage = containmentCoverage
        self.minWords = minWords
        self.minSentenceWords = minSentenceWords
        self.boilerplateShare = boilerplateShare
        self.boilerplateMinSkills = boilerplateMinSkills
        self.seed = seed
    }

    /// The threshold that sentence-level matches (containment, shared sentences) must reach.
    public var effectiveSentenceThreshold: Double { max(threshold, sentenceThreshold) }
}
