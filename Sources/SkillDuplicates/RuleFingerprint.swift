import SkillParser
/// What comparison keeps of a rule once it is normalised: its token hashes, the key of its
/// whole text, and the ranges and keys of the sentences that are compared on their own.
///
/// A class, immutable once made: a fingerprint is copied wherever a text goes (the statements'
/// array, the distinct texts, the cache's texts), and as a struct of three arrays each copy was
/// three retains and three releases through a value witness; on a rebuild after one changed rule
/// those copies of about a hundred thousand texts were a third of the dedupe step's own work
/// (perf, agentic-awesome-skills: 570 of 1,500 samples in RuleFingerprint/Text copies and drops).
final class RuleFingerprint: Sendable {
    let hashes: [UInt64]
    let key: TextKey
    /// Sentences long enough to compare on their own, when the rule has more than one sentence;
    /// sentences that are mostly link text ("see [X](...)") are left out.
    let sentences: [Range<Int>]
    let sentenceKeys: [TextKey]

    var tokenCount: Int { hashes.count }
    /// `NormalizedRule.wordCount`.
    let wordCount: Int

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
        key = TextKey(rule.hashes[...])
        var sentences: [Range<Int>] = []
        var sentenceKeys: [TextKey] = []
        if rule.sentences.count > 1 {
            for (index, sentence) in rule.sentences.enumerated()
            where sentence.count >= minSentenceWords && !rule.isReference(index) {
                sentences.append(sentence)
                sentenceKeys.append(TextKey(rule.hashes[sentence]))
            }
        }
        self.sentences = sentences
        self.sentenceKeys = sentenceKeys
    }
}
