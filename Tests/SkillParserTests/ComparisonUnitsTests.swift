import Testing
@testable import SkillDuplicates
@testable import SkillParser

/// A rebuild merges identical texts through the texts the cache gave each known statement; the
/// texts and units must be the ones merging every statement by key makes, in the same order,
/// whatever mix of known and new statements states them.
@Suite struct ComparisonUnitsTests {
    static func fingerprint(_ number: UInt64, sentences: Bool = false) -> RuleFingerprint {
        let hashes = (0..<6).map { number &* 31 &+ UInt64($0) }
        return RuleFingerprint(hashes: hashes[...], key: TextKey(high: number, low: number &* 0x9E37_79B9_7F4A_7C15),
                               sentences: sentences ? [0..<3, 3..<6] : [],
                               sentenceKeys: sentences ? [TextKey(high: 1_000 + number % 3, low: 7), TextKey(high: 2_000 + number, low: 9)] : [],
                               wordCount: 6)
    }

    @Test func mergingThroughKnownTextsGivesTheTextsAndUnitsOfMergingByKey() {
        // The last run's distinct texts; some share a sentence (a unit with several owners).
        let previous = (0..<8).map { Self.fingerprint(UInt64($0), sentences: $0 % 2 == 0) }
        let (new, newWithSentences) = (Self.fingerprint(100), Self.fingerprint(101, sentences: true))
        // (fingerprint, known): a known file's statement has its last text; a changed file's
        // (-2) may restate a last text, before (5) or after (2) a known statement of it.
        let statements: [(RuleFingerprint?, Int32)] = [
            (previous[1], 1), (new, -2), (previous[5], -2), (nil, -1), (previous[1], 1), (previous[5], 5),
            (previous[2], 2), (new, -2), (newWithSentences, -2), (previous[2], -2), (previous[7], 7), (nil, -2),
            (previous[6], 6), (previous[4], 4), (newWithSentences, -2),
        ]
        let fingerprints = statements.map(\.0)
        let byKey = ComparisonUnits(fingerprints: fingerprints)
        let known = ComparisonUnits(fingerprints: fingerprints, known: statements.map(\.1), previousTextCount: previous.count)
        #expect(byKey.texts.count == 8)
        #expect(known.texts.count == byKey.texts.count)
        for (a, b) in zip(known.texts, byKey.texts) {
            #expect(a.fingerprint.key == b.fingerprint.key)
            #expect(a.firstStatement == b.firstStatement && a.moreStatements == b.moreStatements)
            #expect(a.wholeUnit == b.wholeUnit && a.sentenceUnits == b.sentenceUnits)
        }
        #expect(byKey.units.contains { !$0.moreOwners.isEmpty })
        #expect(known.units.count == byKey.units.count)
        for (a, b) in zip(known.units, byKey.units) {
            #expect(a.key == b.key && a.text == b.text && a.tokens == b.tokens)
            #expect(a.firstOwner == b.firstOwner && a.moreOwners == b.moreOwners)
        }
        // The changed files' texts are found by key, as all are in a table of every text.
        for text in [new, newWithSentences, previous[5], previous[2]] {
            #expect(known.textIndex.value(of: text.key) == byKey.textIndex.value(of: text.key))
        }
        #expect(known.textOfStatements(count: statements.count) == byKey.textOfStatements(count: statements.count))
    }

    /// Texts read from the duplicate cache share one array of hashes, each a slice of it that does
    /// not start at 0: a unit, a sentence and a text's word pairs are read from the text's own tokens.
    @Test func aTextWhoseHashesAreASliceOfASharedArrayGivesTheUnitsAndPairsOfItsOwnArray() {
        let own = (0..<6).map { Self.fingerprint(UInt64($0), sentences: $0 % 2 == 0) }
        var shared: [UInt64] = [99, 98, 97]
        var ranges: [Range<Int>] = []
        for text in own {
            ranges.append(shared.count..<(shared.count + text.tokenCount))
            shared.append(contentsOf: text.hashes)
        }
        let sliced = zip(own, ranges).map { text, range in
            RuleFingerprint(hashes: shared[range], key: text.key, sentences: text.sentences, sentenceKeys: text.sentenceKeys,
                            wordCount: text.wordCount)
        }
        #expect(sliced.allSatisfy { $0.hashes.startIndex > 0 })
        let (ownUnits, slicedUnits) = (ComparisonUnits(fingerprints: own), ComparisonUnits(fingerprints: sliced))
        #expect(ownUnits.units.count == slicedUnits.units.count)
        #expect(ownUnits.units.contains { !$0.tokens.isEmpty && $0.tokens.lowerBound > 0 })
        for unit in ownUnits.units.indices {
            #expect(Array(ownUnits.hashes(of: unit)) == Array(slicedUnits.hashes(of: unit)))
        }
        var (ownPairs, slicedPairs) = ([UInt32](), [UInt32]())
        for (a, b) in zip(own, sliced) {
            TextPairs.pairs(of: a.hashes, into: &ownPairs)
            TextPairs.pairs(of: b.hashes, into: &slicedPairs)
            #expect(!ownPairs.isEmpty && ownPairs == slicedPairs)
        }
    }

    /// A rebuild reads the last sketches ahead only when its texts may not be the cache's.
    @Test func theCacheMayHoldARunsTextsOnlyWhenEveryTextIsStillStatedAndNoneIsNew() {
        let previous = (0..<4).map { Self.fingerprint(UInt64($0), sentences: $0 % 2 == 0) }
        var cache = DuplicateCache(key: ContentHash(high: 1, low: 2))
        cache.texts = previous
        // Known statements of every text.
        #expect(cache.mayHoldTheTexts(of: previous, known: [0, 1, 2, 3]))
        // A changed file (-2) restating texts 1 and 3, as prose inserted above its rules does.
        #expect(cache.mayHoldTheTexts(of: [previous[0], previous[1], previous[2], previous[3], nil], known: [0, -2, 2, -2, -2]))
        // A new text; a text no longer stated; a changed file's rule with a text's key but other sentences.
        #expect(!cache.mayHoldTheTexts(of: previous + [Self.fingerprint(9)], known: [0, 1, 2, 3, -2]))
        #expect(!cache.mayHoldTheTexts(of: [previous[0], previous[1], previous[2]], known: [0, 1, 2]))
        let resentenced = RuleFingerprint(hashes: previous[2].hashes, key: previous[2].key, sentences: [], sentenceKeys: [], wordCount: 6)
        #expect(!cache.mayHoldTheTexts(of: [previous[0], previous[1], resentenced, previous[3]], known: [0, 1, -2, 3]))
    }
}
