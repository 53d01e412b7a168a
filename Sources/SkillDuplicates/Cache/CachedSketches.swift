import Foundation
import SkillParser

/// The sketches of one run's comparison units, kept beside the duplicate cache in their own file
/// (`dedupe-sketches`): each unit's key, features and LSH band keys, with the common feature slots
/// the keys were made under and the number of bands.
///
/// Only a run that must match across files again (some rule text changed) reads them, to sketch
/// only the new units; a rebuild that changed no rule takes the pairs the cache keeps and never
/// opens this file, which is most of the cache's bytes, and does not write it again either. They
/// depend on nothing but the units' words and the key (program, options), so any such file is
/// right for any run under the same key.
struct CachedSketches: Sendable {
    static let fileName = "dedupe-sketches"

    var key: ContentHash
    /// `MatchedPairs.key(of:)` of the texts the units come from.
    var textsKey = ContentHash(high: 0, low: 0)
    // Units: key, features (the run's own sets, shared, not copied), and band keys band by band
    // (`bandKeys[band * unitKeys.count + i]`), made under `commonSlots`.
    var unitKeys: [TextKey] = []
    var features = FeatureSets(offsets: [0], values: [])
    var bands = 0
    var bandKeys: [UInt32] = []
    var commonSlots: [UInt64] = []
    private var unitIndex = TextKeyTable(capacity: 0)
    /// The base file these sketches are written against (`dedupe-sketches`, whose texts key is
    /// `baseTextsKey`, with `baseCount` units), and where each unit is there: its index, or -1 for a
    /// unit the base has not got with the same band keys. A run that changed a few rules writes
    /// only what differs from the base (`write`); `nil` when there is no base to write against.
    var base: Base?

    struct Base: Sendable {
        var textsKey: ContentHash
        var count: Int
        var units: [Int32]

        /// The units the base has not got.
        var extraCount: Int { units.count { $0 < 0 } }
    }

    init(key: ContentHash) {
        self.key = key
    }

    /// The sketches a run made of its units (not indexed: most are only written), against the
    /// base of `previous` (the sketches the run read, whose units `sketches.previousUnit` gives):
    /// a unit is the base's when the previous run took it from there and its band keys are the same.
    init(key: ContentHash, textsKey: ContentHash, units: ComparisonUnits, sketches: UnitSketches, previous: CachedSketches? = nil) {
        self.key = key
        self.textsKey = textsKey
        unitKeys = units.units.map(\.key)
        features = sketches.features
        bands = sketches.banding.bands
        bandKeys = sketches.keys
        commonSlots = sketches.commonSlots
        guard let previous, let previousBase = previous.base, previous.bands == bands,
              sketches.previousUnit.count == unitKeys.count, sketches.reusedKeys.count == unitKeys.count,
              previousBase.units.count == previous.unitKeys.count else { return }
        // A unit whose band keys are the previous run's has the base's too, when that run had it
        // from the base: a place in the base is given only with the base's keys.
        let (previousUnit, reusedKeys) = (sketches.previousUnit, sketches.reusedKeys)
        let baseUnits = Parallel.map(unitKeys.count, minimumChunk: 4096) { unit -> Int32 in
            reusedKeys[unit] ? previousBase.units[previousUnit[unit]] : -1
        }
        base = Base(textsKey: previousBase.textsKey, count: previousBase.count, units: baseUnits)
    }

    /// The file of the sketches kept beside the duplicate cache's `file`.
    static func file(besideCache file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(fileName)
    }

    /// The file of what a run's sketches add to the base file `file` (`dedupe-sketches-delta`).
    static func deltaFile(of file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + "-delta")
    }

    /// The index of the unit with this key, when the sketches have it.
    func unit(_ key: TextKey) -> Int? {
        unitIndex.value(of: key)
    }

    func withFeatures<Result>(ofUnit unit: Int, _ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
        features.withFeatures(of: unit, body)
    }

    func bandKey(ofUnit unit: Int, band: Int) -> UInt32 {
        bandKeys[band * unitKeys.count + unit]
    }

    var isIndexed: Bool { unitIndex.count == unitKeys.count }

    /// Builds the lookup table of units; called once the columns are filled, before `unit(_:)`.
    mutating func indexUnits() {
        var table = TextKeyTable(capacity: unitKeys.count)
        for (index, key) in unitKeys.enumerated() { _ = table.value(for: key) { index } }
        unitIndex = table
    }
}
