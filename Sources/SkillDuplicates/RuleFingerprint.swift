import SkillParser
/// What comparison keeps of a rule once it is normalised: its token hashes, the key of its
/// whole text, and the ranges and keys of the sentences that are compared on their own.
///
/// A class, immutable once made: a fingerprint is copied wherever a text goes (the statements'
/// array, the distinct texts, the cache's texts), and as a struct of three arrays each copy was
/// three retains and three releases through a value witness; on a rebuild after one changed rule
/// those copies of about a hundred thousand texts were a third of the dedupe step's own work
/// (perf, agentic-awesome-skills: 570 of 1,500 samples in RuleFingerprint/Text copies and drops).
///
/// The token hashes are a slice: of the rule's own array for a rule normalised in this run, and of
/// one array shared by every text for those read from the duplicate cache. An array per cached
/// text was made and dropped on every rebuild after a changed rule (perf, agentic-awesome-skills:
/// about 99,000 texts, decoding them and freeing their arrays 50 of its 1,240 ms of processor
/// time). A slice keeps its parent's indices: `hashes.startIndex` is not 0 for a cached text, and
/// `hashes(of:)` takes a token range of the rule itself.
final class RuleFingerprint: Sendable {
    let hashes: ArraySlice<UInt64>
    let key: TextKey
    /// Sentences long enough to compare on their own, when the rule has more than one sentence;
    /// sentences that are mostly link text ("see [X](...)") are left out.
    let sentences: [Range<Int>]
    let sentenceKeys: [TextKey]

    var tokenCount: Int { hashes.count }
    /// `NormalizedRule.wordCount`.
    let wordCount: Int

    /// A fingerprint as kept in the duplicate cache.
    init(hashes: ArraySlice<UInt64>, key: TextKey, sentences: [Range<Int>], sentenceKeys: [TextKey], wordCount: Int) {
        self.hashes = hashes
        self.key = key
        self.sentences = sentences
        self.sentenceKeys = sentenceKeys
        self.wordCount = wordCount
    }

    init(_ rule: NormalizedRule, minSentenceWords: Int) {
        hashes = rule.hashes[...]
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

    /// The hashes of the tokens `tokens` of the rule (0 is its first token, whatever
    /// `hashes.startIndex` is).
    func hashes(of tokens: Range<Int>) -> ArraySlice<UInt64> {
        let base = hashes.startIndex
        return hashes[(base + tokens.lowerBound)..<(base + tokens.upperBound)]
    }
}
