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
    /// The units' features (for a run's own sketches, the run's sets, shared, not copied; for
    /// sketches read, the file's column where it is mapped, with the delta's units).
    var features = FeatureSets(count: 0) { _, _ in }
    var bands = 0
    var commonSlots: [UInt64] = []
    /// How many of the units' features fall in each slot (`FeatureFrequency.counts`), or empty.
    var slotCounts: [UInt32] = []
    /// The number of units.
    private(set) var count = 0
    // Unit keys and band keys. Read from a file: the base file's columns where they are mapped
    // (`mappedUnitKeys`, `mappedBandKeys`, of `mappedCount` units; -1 when there is no base file),
    // and `places[i]`, unit i's place there (or `-(j + 1)` for the delta's unit j,
    // whose keys are `extraKeys[j]` and `extraBandKeys[band * extraKeys.count + j]`); no
    // `places` means each unit is at its own place. Made by a run: every unit is one of the
    // "extra" ones, in order.
    private var mappedCount = -1
    private var mappedUnitKeys = UncheckedSendable(UnsafeRawBufferPointer(start: nil, count: 0))
    private var mappedBandKeys = UncheckedSendable(UnsafeRawBufferPointer(start: nil, count: 0))
    /// What keeps the mapped columns' memory (the base file's payload).
    private var keeper: CacheFile.MappedPayload?
    private var places: [Int32] = []
    private var extraKeys: [TextKey] = []
    private var extraBandKeys: [UInt32] = []
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
        extraKeys = units.units.map(\.key)
        count = extraKeys.count
        features = sketches.features
        bands = sketches.banding.bands
        extraBandKeys = sketches.keys
        commonSlots = sketches.commonSlots
        slotCounts = sketches.slotCounts
        guard let previous, let previousBase = previous.base, previous.bands == bands,
              sketches.previousUnit.count == count, sketches.reusedKeys.count == count,
              previousBase.units.count == previous.count else { return }
        // A unit whose band keys are the previous run's has the base's too, when that run had it
        // from the base: a place in the base is given only with the base's keys.
        let (previousUnit, reusedKeys) = (sketches.previousUnit, sketches.reusedKeys)
        let baseUnits = Parallel.map(count, minimumChunk: 4096) { unit -> Int32 in
            reusedKeys[unit] ? previousBase.units[previousUnit[unit]] : -1
        }
        base = Base(textsKey: previousBase.textsKey, count: previousBase.count, units: baseUnits)
    }

    /// Sketches read from a base file (`mapped`) and, with `places`, the delta file written against it.
    init(key: ContentHash, textsKey: ContentHash, bands: Int, commonSlots: [UInt64], slotCounts: [UInt32], mapped: BaseColumns,
         features: FeatureSets, places: [Int32] = [], extraKeys: [TextKey] = [], extraBandKeys: [UInt32] = []) {
        self.key = key
        self.textsKey = textsKey
        self.bands = bands
        self.commonSlots = commonSlots
        self.slotCounts = slotCounts
        (mappedCount, mappedUnitKeys, mappedBandKeys, keeper) = (mapped.count, UncheckedSendable(mapped.unitKeys), UncheckedSendable(mapped.bandKeys), mapped.payload)
        self.features = features
        self.places = places
        self.extraKeys = extraKeys
        self.extraBandKeys = extraBandKeys
        count = places.isEmpty ? mapped.count : places.count
        // A unit the base has not got is -1 there, whichever of the delta's it is.
        base = Base(textsKey: mapped.textsKey, count: mapped.count,
                    units: places.isEmpty ? (0..<mapped.count).map { Int32($0) } : places.map { max($0, -1) })
    }

    /// Unit `unit`'s place in the base file's columns, or `-(j + 1)` for extra unit j.
    private func place(_ unit: Int) -> Int {
        places.isEmpty ? (mappedCount < 0 ? -(unit + 1) : unit) : Int(places[unit])
    }

    func unitKey(_ unit: Int) -> TextKey {
        let place = place(unit)
        guard place >= 0 else { return extraKeys[-place - 1] }
        return TextKey(high: UInt64(littleEndian: mappedUnitKeys.value.loadUnaligned(fromByteOffset: 16 * place, as: UInt64.self)),
                       low: UInt64(littleEndian: mappedUnitKeys.value.loadUnaligned(fromByteOffset: 16 * place + 8, as: UInt64.self)))
    }

    /// Every unit's band keys, band by band, when the run made them all (none is read from a file).
    var ownBandKeys: [UInt32]? {
        mappedCount < 0 && places.isEmpty && extraBandKeys.count == bands * count ? extraBandKeys : nil
    }

    func bandKey(ofUnit unit: Int, band: Int) -> UInt32 {
        let place = place(unit)
        guard place >= 0 else { return extraBandKeys[band * extraKeys.count - place - 1] }
        return UInt32(littleEndian: mappedBandKeys.value.loadUnaligned(fromByteOffset: 4 * (band * mappedCount + place), as: UInt32.self))
    }

    /// The file of the sketches kept beside the duplicate cache's `file`.
    static func file(besideCache file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(fileName)
    }

    /// The file of what a run's sketches add to the base file `file` (`dedupe-sketches-delta`).
    static func deltaFile(of file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + "-delta")
    }

    func withFeatures<Result>(ofUnit unit: Int, _ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
        features.withFeatures(of: unit, body)
    }
}
