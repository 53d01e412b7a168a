import SkillParser
/// What comparison keeps of a rule once it is normalised: its token hashes, the key of its
/// whole text, and the ranges and keys of the sentences that are compared on their own.
struct RuleFingerprint: Sendable {
    var hashes: [UInt64]
    var key: TextKey
    /// Sentences long enough to compare on their own, when the rule has more than one sentence;
    /// sentences that are mostly link text ("see [X](...)") are left out.
    var sentences: [Range<Int>]
    var sentenceKeys: [TextKey]

    var tokenCount: Int { hashes.count }
    /// `NormalizedRule.wordCount`.
    var wordCount: Int

    /// A fingerprint as kept in the duplicate cache.
    init(hashes: [UInt64], key: TextKey, sentences: [Range<Int>], sentenceKeys: [TextKey], wordCount: Int) {
        self.hashes = hashes
        self.key = key
        self.sentences = sentences
        self.sentenceKeys = sentenceKeys
        self.wordCount = wordCount
    }

    init(_ rule: NormalizedRule, minSentenceWords: Int) {
        hashes = rule.hashes
        wordCount = rule.wordCount
        key = TextKey(hashes[...])
        sentences = []
        sentenceKeys = []
        guard rule.sentences.count > 1 else { return }
        for (index, sentence) in rule.sentences.enumerated()
        where sentence.count >= minSentenceWords && !rule.isReference(index) {
            sentences.append(sentence)
            sentenceKeys.append(TextKey(hashes[sentence]))
        }
    }
}
