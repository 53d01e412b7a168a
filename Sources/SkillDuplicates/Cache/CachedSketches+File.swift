import Foundation
import SkillParser

/// The sketches' file: a `CacheFile` under the duplicate cache's key whose payload is columns
/// (`FixedWidthColumns`), like the duplicate cache's own. The first is the key of the texts the
/// units come from (`MatchedPairs.key(of:)`), which with the cache's key decides every byte after
/// it: a build that made the same texts finds that out from the start of the file.
extension CachedSketches {
    static let kind = CacheFile.Kind(magic: "SKBSKTCH", format: 3, name: "duplicate sketches cache")

    static let deltaKind = CacheFile.Kind(magic: "SKBSKDLT", format: 2, name: "duplicate sketches delta")

    /// The sketches kept in `file`, with what its delta file adds when that was written against it;
    /// `nil` when there is none; throws, saying why, when either file is there but made under another
    /// key or damaged (then the run sketches every unit). The base file's columns are used where it
    /// is mapped, and kept mapped while the sketches (or sets made from theirs) live: copied out,
    /// then again into the run's own sets, they were 32 of a rule rebuild's 175 ms of dedupe
    /// processor time and 11,000 of its 74,000 page faults (perf, agentic-awesome-skills).
    static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> CachedSketches? {
        let deltaFile = Self.deltaFile(of: file)
        guard let payload = try CacheFile.mappedPayload(file, kind: kind, key: key) else { return nil }
        guard let base = try? BaseColumns(payload) else { throw CacheDamage("its columns do not add up") }
        let applied: Result<CachedSketches?, FixedWidthReader.Damage>?
        do throws(CacheDamage) {
            applied = try CacheFile.withPayload(deltaFile, kind: deltaKind, key: key) { delta, _ in
                Result { () throws(FixedWidthReader.Damage) in try Self.apply(delta, to: base, key: key) }
            }
        } catch {
            throw CacheDamage("its delta \(deltaFile.lastPathComponent) is not usable: \(error)")
        }
        switch applied {
        case .success(let sketches?)?: return sketches
        case .failure?: throw CacheDamage("its delta's columns do not add up")
        // No delta, or one of another base (the base was written again since): the base alone.
        case .success(nil)?, nil:
            return CachedSketches(key: key, textsKey: base.textsKey, bands: base.bands, commonSlots: base.commonSlots,
                                  slotCounts: base.slotCounts, mapped: base, features: base.features)
        }
    }

    /// Writes the sketches: when the base they were made against is still in `file` and they add
    /// few units to it, only the delta (their texts key, common slots, each unit's place in the base
    /// and the units it has not got; 0.6 MB instead of 28 for agentic-awesome-skills, where a
    /// rewrite of the whole file was a tenth of a rebuild's processor time); otherwise the whole file,
    /// the delta of another base removed first (a build stopped in between leaves a base alone, whose
    /// texts key is another run's).
    func write(to file: URL) throws {
        let deltaFile = Self.deltaFile(of: file)
        if let base, base.extraCount <= Self.deltaLimit(units: count),
           Self.holds(file, key: key, textsKey: base.textsKey) {
            try writeDelta(to: deltaFile, base: base)
            return
        }
        Self.removeDelta(of: file)
        try writeWhole(to: file)
    }

    /// Removes the delta beside the base `file`: for a build that writes or leaves a base of its own texts.
    static func removeDelta(of file: URL) {
        unlink(deltaFile(of: file).path)
    }

    /// How many units a delta may add before the base is written again whole: deltas are made
    /// against the base, so they grow with every changed rule since it was written.
    static func deltaLimit(units: Int) -> Int {
        max(4096, units / 8)
    }

    private func writeDelta(to deltaFile: URL, base: Base) throws {
        let extras = base.units.indices.filter { base.units[$0] < 0 }
        try CacheFile.write(to: deltaFile, kind: Self.deltaKind, key: key) { output in
            try output.column([textsKey.high, textsKey.low, base.textsKey.high, base.textsKey.low])
            try output.int(bands)
            try output.column(commonSlots)
            try output.column(slotCounts)
            try output.column(base.units)
            var keys: [UInt64] = []
            keys.reserveCapacity(2 * extras.count)
            for unit in extras {
                let key = unitKey(unit)
                keys.append(key.high)
                keys.append(key.low)
            }
            try output.column(keys)
            try output.column(extras.map { UInt32(features.count(of: $0)) })
            try output.column(count: extras.reduce(0) { $0 + features.count(of: $1) }) { output in
                for unit in extras { try output.values(features.withFeatures(of: unit) { Array($0) }) }
            }
            try output.column(count: bands * extras.count) { output in
                for band in 0..<bands { try output.values(extras.map { bandKey(ofUnit: $0, band: band) }) }
            }
        }
    }

    /// The sketches of the run that wrote `delta` against `base`; `nil` when it was written
    /// against another base.
    private static func apply(_ delta: UnsafeRawBufferPointer, to base: BaseColumns, key: ContentHash)
        throws(FixedWidthReader.Damage) -> CachedSketches? {
        typealias Damage = FixedWidthReader.Damage
        var reader = FixedWidthReader(delta)
        let textsKeys = try reader.array(of: UInt64.self)
        guard textsKeys.count == 4 else { throw Damage() }
        guard ContentHash(high: textsKeys[2], low: textsKeys[3]) == base.textsKey else { return nil }
        let bands = try reader.count(atMost: 4096)
        let commonSlots = try reader.array(of: UInt64.self)
        let slotCounts = try reader.array(of: UInt32.self)
        let places = try reader.array(of: Int32.self)
        let extraKeys = try reader.array(of: UInt64.self)
        let extraCounts = try reader.array(of: UInt32.self)
        let extraFeatures = try reader.array(of: UInt32.self)
        let extraBandKeys = try reader.array(of: UInt32.self)
        let (baseCount, extraCount, count) = (base.count, extraCounts.count, places.count)
        guard reader.isAtEnd, bands == base.bands, commonSlots.count == base.commonSlots.count, extraKeys.count == 2 * extraCount,
              slotCounts.isEmpty || slotCounts.count == FeatureFrequency.slotCount,
              extraBandKeys.count == bands * extraCount, places.allSatisfy({ $0 >= -1 && Int($0) < baseCount }),
              places.count(where: { $0 < 0 }) == extraCount,
              extraCounts.reduce(0, { $0 + Int($1) }) == extraFeatures.count
        else { throw Damage() }
        // Extra unit j is `-(j + 1)` in the places the sketches keep, in the order of the units.
        var extraNumber: Int32 = 0
        let sourcePlaces = places.map { place -> Int32 in
            guard place < 0 else { return place }
            extraNumber += 1
            return -extraNumber
        }
        // The delta's units' features, after one another; the base's units' used where the base has them.
        var extraStarts = [Int](repeating: 0, count: extraCount + 1)
        for (extra, count) in extraCounts.enumerated() { extraStarts[extra + 1] = extraStarts[extra] + Int(count) }
        let features = FeatureSets(count: count, reusing: base.features, from: places) { unit, set in
            let extra = Int(-sourcePlaces[unit] - 1)
            set.removeAll(keepingCapacity: true)
            set.append(contentsOf: extraFeatures[extraStarts[extra]..<extraStarts[extra + 1]])
        }
        let extraKeyList = (0..<extraCount).map { TextKey(high: extraKeys[2 * $0], low: extraKeys[2 * $0 + 1]) }
        return CachedSketches(key: key, textsKey: ContentHash(high: textsKeys[0], low: textsKeys[1]), bands: bands,
                              commonSlots: commonSlots, slotCounts: slotCounts, mapped: base, features: features, places: sourcePlaces,
                              extraKeys: extraKeyList, extraBandKeys: extraBandKeys)
    }

    private func writeWhole(to file: URL) throws {
        try CacheFile.write(to: file, kind: Self.kind, key: key) { output in
            try output.column([textsKey.high, textsKey.low])
            try output.int(bands)
            try output.column(commonSlots)
            try output.column(slotCounts)
            var keys: [UInt64] = []
            keys.reserveCapacity(2 * count)
            for unit in 0..<count {
                let key = unitKey(unit)
                keys.append(key.high)
                keys.append(key.low)
            }
            try output.column(keys)
            try output.column((0..<count).map { UInt32(features.count(of: $0)) })
            try output.column(count: (0..<count).reduce(0) { $0 + features.count(of: $1) }) { output in
                for unit in 0..<count { try features.withFeatures(of: unit) { try output.values($0) } }
            }
            try output.column(count: bands * count) { output in
                if let own = ownBandKeys {
                    try output.values(own)
                } else {
                    for band in 0..<bands { try output.values((0..<count).map { bandKey(ofUnit: $0, band: band) }) }
                }
            }
        }
    }

    /// Whether `file` holds the sketches of the units of the texts with key `textsKey`, under `key`
    /// (the first column says so; nothing else is read).
    static func holds(_ file: URL, key: ContentHash, textsKey: ContentHash) -> Bool {
        CacheFile.payloadStarts(file, kind: kind, key: key, with: DuplicateCache.keyColumn(textsKey))
    }

    /// The columns of a base file, checked, where they are in its mapped payload, which this keeps.
    /// Only read, from any thread.
    struct BaseColumns: @unchecked Sendable {
        var payload: CacheFile.MappedPayload
        var textsKey: ContentHash
        var bands: Int
        var commonSlots: [UInt64]
        var slotCounts: [UInt32]
        var count: Int
        /// Two words per unit.
        var unitKeys: UnsafeRawBufferPointer
        var features: FeatureSets
        /// Band-major: `bands` runs of `count` keys.
        var bandKeys: UnsafeRawBufferPointer

        init(_ payload: CacheFile.MappedPayload) throws(FixedWidthReader.Damage) {
            typealias Damage = FixedWidthReader.Damage
            self.payload = payload
            var reader = FixedWidthReader(payload.bytes)
            let textsKey = try reader.array(of: UInt64.self)
            guard textsKey.count == 2 else { throw Damage() }
            self.textsKey = ContentHash(high: textsKey[0], low: textsKey[1])
            bands = try reader.count(atMost: 4096)
            commonSlots = try reader.array(of: UInt64.self)
            slotCounts = try reader.array(of: UInt32.self)
            unitKeys = try reader.column(of: UInt64.self)
            let featureCounts = try reader.column(of: UInt32.self)
            let features = try reader.column(of: UInt32.self)
            bandKeys = try reader.column(of: UInt32.self)
            count = featureCounts.count / 4
            guard commonSlots.count == 1024, slotCounts.isEmpty || slotCounts.count == FeatureFrequency.slotCount,
                  unitKeys.count == 16 * count, bandKeys.count == 4 * bands * count, reader.isAtEnd
            else { throw Damage() }
            var offsets = [Int]()
            offsets.reserveCapacity(count + 1)
            offsets.append(0)
            var end = 0
            for unit in 0..<count {
                end += Int(UInt32(littleEndian: featureCounts.loadUnaligned(fromByteOffset: 4 * unit, as: UInt32.self)))
                offsets.append(end)
            }
            guard end == features.count / 4 else { throw Damage() }
            self.features = FeatureSets(offsets: offsets, littleEndian: features, keeping: payload)
        }
    }
}
