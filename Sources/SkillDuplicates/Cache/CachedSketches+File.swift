import Foundation
import SkillParser

/// The sketches' file: a `CacheFile` under the duplicate cache's key whose payload is columns
/// (`FixedWidthColumns`), like the duplicate cache's own. The first is the key of the texts the
/// units come from (`MatchedPairs.key(of:)`), which with the cache's key decides every byte after
/// it: a build that made the same texts finds that out from the start of the file.
extension CachedSketches {
    static let kind = CacheFile.Kind(magic: "SKBSKTCH", format: 2, name: "duplicate sketches cache")

    /// The sketches kept in `file`, or `nil` when there is none; throws, saying why, when the file
    /// is there but made under another key or damaged (then the run sketches every unit).
    static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> CachedSketches? {
        guard let payload = try CacheFile.read(file, kind: kind, key: key) else { return nil }
        let decoded = payload.withUnsafeBytes { bytes in Result { () throws(FixedWidthReader.Damage) in try Self.decode(bytes, key: key) } }
        guard case .success(let sketches) = decoded else { throw CacheDamage("its columns do not add up") }
        return sketches
    }

    func write(to file: URL) throws {
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

    private static func decode(_ payload: UnsafeRawBufferPointer, key: ContentHash) throws(FixedWidthReader.Damage) -> CachedSketches {
        typealias Damage = FixedWidthReader.Damage
        var reader = FixedWidthReader(payload)
        var sketches = CachedSketches(key: key)
        let textsKey = try reader.array(of: UInt64.self)
        guard textsKey.count == 2 else { throw Damage() }
        sketches.textsKey = ContentHash(high: textsKey[0], low: textsKey[1])
        sketches.bands = try reader.count(atMost: 4096)
        sketches.commonSlots = try reader.array(of: UInt64.self)
        let unitKeys = try reader.array(of: UInt64.self)
        let featureCounts = try reader.array(of: UInt32.self)
        let features = try reader.column(of: UInt32.self)
        sketches.bandKeys = try reader.array(of: UInt32.self)
        let unitCount = featureCounts.count
        guard sketches.commonSlots.count == 1024, unitKeys.count == 2 * unitCount,
              sketches.bandKeys.count == sketches.bands * unitCount, reader.isAtEnd
        else { throw Damage() }
        sketches.unitKeys = (0..<unitCount).map { TextKey(high: unitKeys[2 * $0], low: unitKeys[2 * $0 + 1]) }
        var offsets = [0]
        offsets.reserveCapacity(unitCount + 1)
        for count in featureCounts { offsets.append(offsets[offsets.count - 1] + Int(count)) }
        guard offsets[unitCount] == features.count / 4 else { throw Damage() }
        sketches.features = FeatureSets(offsets: offsets, littleEndian: features)
        sketches.indexUnits()
        return sketches
    }
}
