import Foundation
import SkillParser

/// What duplicate detection worked out per file in one run, kept in the build cache folder
/// (`.OUT.skillbook-cache/dedupe`) so that the next build normalises and sketches only what
/// changed: for each file (by the digest of its bytes) the distinct text each of its rules
/// normalised to; each distinct text's fingerprint; each unit's features and LSH band keys, with
/// the common feature slots the keys were made under; and the pairs matching across files found
/// (`MatchedPairs`), reused when no distinct text changed. Clusters are made on every build from
/// the statements as they are, so a cached run gives the clusters a fresh one gives.
///
/// The file (`DuplicateCache+File`) is a `CacheFile` under the key (program, options) whose
/// payload is columns of fixed-width numbers. Another key, a wrong digest or anything that does
/// not add up, and the file is ignored whole: the run computes everything.
public struct DuplicateCache: Sendable {
    public static let fileName = "dedupe"

    /// What a cache depends on besides the files: its format, the program, the options.
    public var key: ContentHash

    // Files: digest, and the range of `references` holding a text index (or -1) per rule.
    var documents: [ContentHash: Range<Int>] = [:]
    var references: [Int32] = []

    /// Distinct texts, by index.
    var texts: [RuleFingerprint] = []

    // Units: key, features (`featureOffsets[i]..<featureOffsets[i + 1]` of `features`), and band
    // keys band by band (`bandKeys[band * unitKeys.count + i]`), made under `commonSlots`.
    var unitKeys: [TextKey] = []
    var featureOffsets: [Int] = [0]
    var features: [UInt32] = []
    var bands = 0
    var bandKeys: [UInt32] = []
    var commonSlots: [UInt64] = []
    /// The pairs matching found, under the key of the texts it read.
    var matched: MatchedPairs?
    private var unitIndex = TextKeyTable(capacity: 0)

    init(key: ContentHash) {
        self.key = key
    }

    /// The key of caches made by `tool` (the program's digest) with `options`.
    public static func key(options: DuplicateOptions, tool: ContentHash) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("skillbook dupes cache \(formatVersion)")
        hasher.add(tool)
        for value in [options.threshold, options.sentenceThreshold, options.containmentCoverage, options.boilerplateShare] {
            hasher.add(value.bitPattern)
        }
        for value in [options.minWords, options.minSentenceWords, options.boilerplateMinSkills] { hasher.add(value) }
        hasher.add(options.seed)
        return hasher.finalize()
    }

    static let formatVersion = 2

    /// The fingerprints (`nil` for a rule too short to compare) of the `ruleCount` rules of the
    /// file with this digest, when that file was in the run the cache was made from.
    func fingerprints(ofDocument digest: ContentHash, ruleCount: Int) -> [RuleFingerprint?]? {
        guard let range = documents[digest], range.count == ruleCount else { return nil }
        return references[range].map { $0 < 0 ? nil : texts[Int($0)] }
    }

    /// Whether `other` was made from the same files (by digest and rule count) under the same key:
    /// its texts, units and matched pairs, which follow from those files, are then the same too
    /// (the pairs' key is compared all the same, for a cache read without them), and a build need
    /// not write it again over this one.
    public func holdsTheSameFiles(as other: DuplicateCache) -> Bool {
        key == other.key && documents.count == other.documents.count && commonSlots == other.commonSlots
            && matched?.key == other.matched?.key
            && documents.allSatisfy { digest, range in other.documents[digest]?.count == range.count }
    }

    /// The index of the unit with this key, when the cache has it.
    func unit(_ key: TextKey) -> Int? {
        unitIndex.value(of: key)
    }

    func withFeatures<Result>(ofUnit unit: Int, _ body: (ArraySlice<UInt32>) -> Result) -> Result {
        body(features[featureOffsets[unit]..<featureOffsets[unit + 1]])
    }

    func bandKey(ofUnit unit: Int, band: Int) -> UInt32 {
        bandKeys[band * unitKeys.count + unit]
    }

    /// Builds the lookup table of units; called once the columns are filled.
    mutating func indexUnits() {
        var table = TextKeyTable(capacity: unitKeys.count)
        for (index, key) in unitKeys.enumerated() { _ = table.value(for: key) { index } }
        unitIndex = table
    }

    /// Number of files and of distinct texts it holds, for `--verbose`.
    var summary: (files: Int, texts: Int, units: Int) { (documents.count, texts.count, unitKeys.count) }
}

extension DuplicateCache {
    /// The cache of a run: its files (those with a digest), texts and units.
    init(key: ContentHash, documents: [(digest: ContentHash?, statements: Range<Int>)], fingerprints: [RuleFingerprint?],
         units: ComparisonUnits, sketches: UnitSketches, matched: MatchedPairs) {
        self.key = key
        self.matched = matched
        var textOf = [Int32](repeating: -1, count: fingerprints.count)
        for (index, text) in units.texts.enumerated() {
            textOf[text.firstStatement] = Int32(index)
            for statement in text.moreStatements { textOf[statement] = Int32(index) }
        }
        for document in documents {
            guard let digest = document.digest, self.documents[digest] == nil else { continue }
            self.documents[digest] = references.count..<(references.count + document.statements.count)
            references.append(contentsOf: textOf[document.statements])
        }
        texts = units.texts.map(\.fingerprint)
        unitKeys = units.units.map(\.key)
        (featureOffsets, features) = sketches.features.flattened
        bands = sketches.banding.bands
        bandKeys = sketches.keys
        commonSlots = sketches.commonSlots
    }
}
