import Foundation
import SkillParser

/// The sketches' file: a `CacheFile` under the duplicate cache's key whose payload is columns
/// (`FixedWidthColumns`), like the duplicate cache's own. The first is the key of the texts the
/// units come from (`MatchedPairs.key(of:)`), which with the cache's key decides every byte after
/// it: a build that made the same texts finds that out from the start of the file.
extension CachedSketches {
    static let kind = CacheFile.Kind(magic: "SKBSKTCH", format: 2, name: "duplicate sketches cache")

    static let deltaKind = CacheFile.Kind(magic: "SKBSKDLT", format: 1, name: "duplicate sketches delta")

    /// The sketches kept in `file`, with what its delta file adds when that was written against it;
    /// `nil` when there is none; throws, saying why, when either file is there but made under another
    /// key or damaged (then the run sketches every unit). The base file's columns are read where they
    /// are in its payload and copied once, into the sketches of the run that wrote the delta when
    /// there is one (they were copied whole, then again with the delta's units: 323 of 13,071 perf
    /// samples of a rebuild after a changed rule).
    static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> CachedSketches? {
        let deltaFile = Self.deltaFile(of: file)
        // Both files are mapped (`CacheFile.withPayload`), not read: the columns are copied out of them once.
        return try CacheFile.withPayload(file, kind: kind, key: key) { payload, _ throws(CacheDamage) -> CachedSketches in
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
            case .success(nil)?, nil: return base.sketches(key: key)
            }
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
        if let base, base.extraCount <= Self.deltaLimit(units: unitKeys.count),
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
            try output.column(base.units)
            var keys: [UInt64] = []
            keys.reserveCapacity(2 * extras.count)
            for unit in extras { keys.append(unitKeys[unit].high); keys.append(unitKeys[unit].low) }
            try output.column(keys)
            try output.column(extras.map { UInt32(features.count(of: $0)) })
            try output.column(count: extras.reduce(0) { $0 + features.count(of: $1) }) { output in
                for unit in extras { try output.values(features.withFeatures(of: unit) { Array($0) }) }
            }
            let count = unitKeys.count
            try output.column(count: bands * extras.count) { output in
                for band in 0..<bands { try output.values(extras.map { bandKeys[band * count + $0] }) }
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
        let places = try reader.array(of: Int32.self)
        let extraKeys = try reader.array(of: UInt64.self)
        let extraCounts = try reader.array(of: UInt32.self)
        let extraFeatures = try reader.array(of: UInt32.self)
        let extraBandKeys = try reader.array(of: UInt32.self)
        let (baseCount, extraCount, count) = (base.count, extraCounts.count, places.count)
        guard reader.isAtEnd, bands == base.bands, commonSlots.count == base.commonSlots.count, extraKeys.count == 2 * extraCount,
              extraBandKeys.count == bands * extraCount, places.allSatisfy({ $0 >= -1 && Int($0) < baseCount }),
              places.count(where: { $0 < 0 }) == extraCount,
              extraCounts.reduce(0, { $0 + Int($1) }) == extraFeatures.count
        else { throw Damage() }
        var sketches = CachedSketches(key: key)
        sketches.textsKey = ContentHash(high: textsKeys[0], low: textsKeys[1])
        sketches.bands = bands
        sketches.commonSlots = commonSlots
        // Each unit's source: its index in the base, or `-(i + 1)` for extra unit i.
        var source = [Int](repeating: 0, count: count)
        var extraStarts = [Int](repeating: 0, count: extraCount + 1)
        var extra = 0
        for (unit, place) in places.enumerated() {
            if place >= 0 {
                source[unit] = Int(place)
            } else {
                source[unit] = -(extra + 1)
                extraStarts[extra + 1] = extraStarts[extra] + Int(extraCounts[extra])
                extra += 1
            }
        }
        sketches.unitKeys = source.map { $0 >= 0 ? base.unitKey($0) : TextKey(high: extraKeys[2 * (-$0 - 1)], low: extraKeys[2 * (-$0 - 1) + 1]) }
        var offsets = [0]
        offsets.reserveCapacity(count + 1)
        for place in source {
            offsets.append(offsets[offsets.count - 1] + (place >= 0 ? base.featureCount(of: place) : Int(extraCounts[-place - 1])))
        }
        sketches.features = FeatureSets(offsets: offsets) { unit, output in
            let place = source[unit]
            if place >= 0 {
                base.copyFeatures(of: place, into: output)
            } else {
                let extra = -place - 1
                extraFeatures.withUnsafeBufferPointer { all in
                    _ = output.initialize(from: UnsafeBufferPointer(rebasing: all[extraStarts[extra]..<extraStarts[extra + 1]]))
                }
            }
        }
        sketches.bandKeys = [UInt32](unsafeUninitializedCapacity: bands * count) { buffer, initialized in
            let output = UncheckedSendable(buffer)
            Parallel.forEachChunk(bands, minimumChunk: 1) { range in
                for band in range {
                    for (unit, place) in source.enumerated() {
                        output.value[band * count + unit] = place >= 0 ? base.bandKey(band * baseCount + place)
                            : extraBandKeys[band * extraCount + (-place - 1)]
                    }
                }
            }
            initialized = bands * count
        }
        sketches.base = Base(textsKey: base.textsKey, count: baseCount, units: places)
        sketches.indexUnits()
        return sketches
    }

    private func writeWhole(to file: URL) throws {
        try CacheFile.write(to: file, kind: Self.kind, key: key) { output in
            try output.column([textsKey.high, textsKey.low])
            try output.int(bands)
            try output.column(commonSlots)
            var keys: [UInt64] = []
            keys.reserveCapacity(2 * unitKeys.count)
            for key in unitKeys { keys.append(key.high); keys.append(key.low) }
            try output.column(keys)
            try output.column(features.counts)
            try output.column(count: features.values.count) { output in try output.values(features.values) }
            try output.column(bandKeys)
        }
    }

    /// Whether `file` holds the sketches of the units of the texts with key `textsKey`, under `key`
    /// (the first column says so; nothing else is read).
    static func holds(_ file: URL, key: ContentHash, textsKey: ContentHash) -> Bool {
        CacheFile.payloadStarts(file, kind: kind, key: key, with: DuplicateCache.keyColumn(textsKey))
    }

    /// The columns of a base file, checked, where they are in its payload (valid only while the
    /// payload's bytes are: inside `withUnsafeBytes`). Only read, from any thread.
    private struct BaseColumns: @unchecked Sendable {
        var textsKey: ContentHash
        var bands: Int
        var commonSlots: [UInt64]
        var count: Int
        /// Two words per unit.
        var unitKeys: UnsafeRawBufferPointer
        var offsets: [Int]
        var features: UnsafeRawBufferPointer
        var bandKeys: UnsafeRawBufferPointer

        init(_ payload: UnsafeRawBufferPointer) throws(FixedWidthReader.Damage) {
            typealias Damage = FixedWidthReader.Damage
            var reader = FixedWidthReader(payload)
            let textsKey = try reader.array(of: UInt64.self)
            guard textsKey.count == 2 else { throw Damage() }
            self.textsKey = ContentHash(high: textsKey[0], low: textsKey[1])
            bands = try reader.count(atMost: 4096)
            commonSlots = try reader.array(of: UInt64.self)
            unitKeys = try reader.column(of: UInt64.self)
            let featureCounts = try reader.column(of: UInt32.self)
            features = try reader.column(of: UInt32.self)
            bandKeys = try reader.column(of: UInt32.self)
            count = featureCounts.count / 4
            guard commonSlots.count == 1024, unitKeys.count == 16 * count, bandKeys.count == 4 * bands * count, reader.isAtEnd
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
            self.offsets = offsets
        }

        func unitKey(_ unit: Int) -> TextKey {
            TextKey(high: UInt64(littleEndian: unitKeys.loadUnaligned(fromByteOffset: 16 * unit, as: UInt64.self)),
                    low: UInt64(littleEndian: unitKeys.loadUnaligned(fromByteOffset: 16 * unit + 8, as: UInt64.self)))
        }

        func featureCount(of unit: Int) -> Int {
            offsets[unit + 1] - offsets[unit]
        }

        /// Copies unit `unit`'s features into `output`, which has room for exactly them.
        func copyFeatures(of unit: Int, into output: UnsafeMutableBufferPointer<UInt32>) {
            let bytes = UnsafeRawBufferPointer(rebasing: features[(4 * offsets[unit])..<(4 * offsets[unit + 1])])
            #if _endian(little)
            UnsafeMutableRawBufferPointer(output).copyMemory(from: bytes)
            #else
            for index in output.indices { output[index] = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)) }
            #endif
        }

        /// The band key at `index` of the band-major column.
        func bandKey(_ index: Int) -> UInt32 {
            UInt32(littleEndian: bandKeys.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
        }

        /// The base's own sketches, each column copied once.
        func sketches(key: ContentHash) -> CachedSketches {
            var sketches = CachedSketches(key: key)
            sketches.textsKey = textsKey
            sketches.bands = bands
            sketches.commonSlots = commonSlots
            sketches.unitKeys = (0..<count).map(unitKey)
            sketches.features = FeatureSets(offsets: offsets, littleEndian: features)
            sketches.bandKeys = [UInt32](unsafeUninitializedCapacity: bands * count) { buffer, initialized in
                #if _endian(little)
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bandKeys)
                #else
                for index in 0..<(bands * count) { buffer[index] = bandKey(index) }
                #endif
                initialized = bands * count
            }
            sketches.base = Base(textsKey: textsKey, count: count, units: (0..<count).map { Int32($0) })
            sketches.indexUnits()
            return sketches
        }
    }
}
