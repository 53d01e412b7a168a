import Foundation
import SkillParser

/// The duplicate cache's file: a header (magic, key, payload length, checksum) and a payload of
/// columns, each a count and fixed-width numbers, read back with one copy per column.
extension DuplicateCache {
    /// "SKBDUPE1" as a little-endian number.
    static let magic: UInt64 = 0x3145_5055_4442_4B53
    static let headerSize = 40

    /// The cache kept in `file`, or `nil` when there is none, it was made under another key, or
    /// it is damaged in any way (then the run computes everything, as without one).
    public init?(file: URL, key: ContentHash) {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let decoded: DuplicateCache? = data.withUnsafeBytes { bytes in
            guard bytes.count >= Self.headerSize else { return nil }
            var header = FixedWidthReader(UnsafeRawBufferPointer(rebasing: bytes[0..<Self.headerSize]))
            guard let magic = try? header.u64(), magic == Self.magic,
                  let high = try? header.u64(), let low = try? header.u64(), ContentHash(high: high, low: low) == key,
                  let length = try? header.u64(), length == UInt64(bytes.count - Self.headerSize),
                  let checksum = try? header.u64() else { return nil }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize...])
            guard Self.checksum(payload) == checksum else { return nil }
            return try? Self.decode(payload, key: key)
        }
        guard let decoded else { return nil }
        self = decoded
    }

    /// Writes the cache to `file` through a temporary file renamed into place, so a reader sees
    /// the whole old cache or the whole new one.
    public func write(to file: URL) throws {
        let payload = encoded()
        var header = FixedWidthWriter(capacity: Self.headerSize)
        header.u64(Self.magic)
        header.u64(key.high)
        header.u64(key.low)
        header.u64(UInt64(payload.count))
        header.u64(payload.withUnsafeBytes { Self.checksum($0) })
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + "-\(getpid())")
        var data = Data(capacity: Self.headerSize + payload.count)
        data.append(contentsOf: header.bytes)
        data.append(contentsOf: payload)
        do {
            try data.write(to: temporary)
            if rename(temporary.path, file.path) != 0 { throw CocoaError(.fileWriteUnknown) }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    private func encoded() -> [UInt8] {
        var writer = FixedWidthWriter(capacity: 16 * (texts.count + unitKeys.count) + 8 * references.count
                                      + 4 * (features.count + bandKeys.count) + 1 << 16)
        writer.int(bands)
        writer.array(commonSlots)
        let documentList = documents.sorted { ($0.value.lowerBound, $0.key.high) < ($1.value.lowerBound, $1.key.high) }
        writer.array(Self.pairs(documentList.map(\.key.high), documentList.map(\.key.low)))
        writer.array(documentList.map { UInt32($0.value.count) })
        writer.array(documentList.flatMap { references[$0.value] })
        writer.array(Self.pairs(texts.map(\.key.high), texts.map(\.key.low)))
        writer.array(texts.map { UInt32($0.tokenCount) })
        writer.array(texts.map { Int32(clamping: $0.wordCount) })
        var hashes: [UInt64] = []
        hashes.reserveCapacity(texts.reduce(0) { $0 + $1.tokenCount })
        var sentenceBounds: [UInt32] = []
        var sentenceKeys: [UInt64] = []
        for text in texts {
            hashes.append(contentsOf: text.hashes)
            for (sentence, key) in zip(text.sentences, text.sentenceKeys) {
                sentenceBounds.append(UInt32(sentence.lowerBound))
                sentenceBounds.append(UInt32(sentence.upperBound))
                sentenceKeys.append(key.high)
                sentenceKeys.append(key.low)
            }
        }
        writer.array(hashes)
        writer.array(texts.map { UInt32($0.sentences.count) })
        writer.array(sentenceBounds)
        writer.array(sentenceKeys)
        writer.array(Self.pairs(unitKeys.map(\.high), unitKeys.map(\.low)))
        writer.array(zip(featureOffsets, featureOffsets.dropFirst()).map { UInt32($1 - $0) })
        writer.array(features)
        writer.array(bandKeys)
        if let matched {
            writer.array([matched.key.high, matched.key.low, UInt64(matched.candidates), UInt64(matched.verifiedCount)])
            writer.array(matched.pairs.flatMap { [$0.first, $0.second] })
        } else {
            writer.array([UInt64]())
            writer.array([UInt32]())
        }
        return writer.bytes
    }

    /// `first[0], second[0], first[1], second[1], ...`
    private static func pairs(_ first: [UInt64], _ second: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(2 * first.count)
        for (a, b) in zip(first, second) {
            result.append(a)
            result.append(b)
        }
        return result
    }

    private static func decode(_ payload: UnsafeRawBufferPointer, key: ContentHash) throws(FixedWidthReader.Damage) -> DuplicateCache {
        typealias Damage = FixedWidthReader.Damage
        var reader = FixedWidthReader(payload)
        var cache = DuplicateCache(key: key)
        cache.bands = try reader.count(atMost: 4096)
        cache.commonSlots = try reader.array(of: UInt64.self)
        guard cache.commonSlots.count == 1024 else { throw Damage() }

        let digests = try reader.array(of: UInt64.self)
        let ruleCounts = try reader.array(of: UInt32.self)
        let references = try reader.array(of: Int32.self)
        guard digests.count == 2 * ruleCounts.count else { throw Damage() }
        var start = 0
        for (index, count) in ruleCounts.enumerated() {
            let end = start + Int(count)
            guard end <= references.count else { throw Damage() }
            cache.documents[ContentHash(high: digests[2 * index], low: digests[2 * index + 1])] = start..<end
            start = end
        }
        guard start == references.count else { throw Damage() }
        cache.references = references

        let textKeys = try reader.array(of: UInt64.self)
        let tokenCounts = try reader.array(of: UInt32.self)
        let wordCounts = try reader.array(of: Int32.self)
        let hashes = try reader.array(of: UInt64.self)
        let sentenceCounts = try reader.array(of: UInt32.self)
        let sentenceBounds = try reader.array(of: UInt32.self)
        let sentenceKeys = try reader.array(of: UInt64.self)
        let textCount = tokenCounts.count
        guard textKeys.count == 2 * textCount, wordCounts.count == textCount, sentenceCounts.count == textCount,
              sentenceBounds.count == sentenceKeys.count, references.allSatisfy({ $0 >= -1 && Int($0) < textCount })
        else { throw Damage() }
        var (hashStart, sentenceStart) = (0, 0)
        cache.texts.reserveCapacity(textCount)
        for text in 0..<textCount {
            let (tokens, sentenceCount) = (Int(tokenCounts[text]), Int(sentenceCounts[text]))
            guard tokens <= hashes.count - hashStart, 2 * sentenceCount <= sentenceBounds.count - sentenceStart else { throw Damage() }
            var sentences: [Range<Int>] = []
            var keys: [TextKey] = []
            for sentence in 0..<sentenceCount {
                let position = sentenceStart + 2 * sentence
                let (lower, upper) = (Int(sentenceBounds[position]), Int(sentenceBounds[position + 1]))
                guard lower <= upper, upper <= tokens else { throw Damage() }
                sentences.append(lower..<upper)
                keys.append(TextKey(high: sentenceKeys[position], low: sentenceKeys[position + 1]))
            }
            cache.texts.append(RuleFingerprint(hashes: Array(hashes[hashStart..<(hashStart + tokens)]),
                                               key: TextKey(high: textKeys[2 * text], low: textKeys[2 * text + 1]),
                                               sentences: sentences, sentenceKeys: keys, wordCount: Int(wordCounts[text])))
            hashStart += tokens
            sentenceStart += 2 * sentenceCount
        }
        guard hashStart == hashes.count, sentenceStart == sentenceBounds.count else { throw Damage() }

        let unitKeys = try reader.array(of: UInt64.self)
        let featureCounts = try reader.array(of: UInt32.self)
        cache.features = try reader.array(of: UInt32.self)
        cache.bandKeys = try reader.array(of: UInt32.self)
        let unitCount = featureCounts.count
        let matching = try reader.array(of: UInt64.self)
        let pairs = try reader.array(of: UInt32.self)
        guard unitKeys.count == 2 * unitCount, cache.bandKeys.count == cache.bands * unitCount, reader.isAtEnd,
              matching.isEmpty || matching.count == 4, pairs.count % 2 == 0, matching.count == 4 || pairs.isEmpty,
              pairs.allSatisfy({ Int($0) < textCount })
        else { throw Damage() }
        if matching.count == 4 {
            let verified = Int(clamping: matching[3])
            guard verified <= pairs.count / 2 else { throw Damage() }
            cache.matched = MatchedPairs(key: ContentHash(high: matching[0], low: matching[1]), candidates: Int(clamping: matching[2]),
                                         pairs: stride(from: 0, to: pairs.count, by: 2).map { MatchedPairs.Pair(first: pairs[$0], second: pairs[$0 + 1]) },
                                         verifiedCount: verified)
        }
        cache.unitKeys = (0..<unitCount).map { TextKey(high: unitKeys[2 * $0], low: unitKeys[2 * $0 + 1]) }
        cache.featureOffsets.reserveCapacity(unitCount + 1)
        for count in featureCounts { cache.featureOffsets.append(cache.featureOffsets[cache.featureOffsets.count - 1] + Int(count)) }
        guard cache.featureOffsets[unitCount] == cache.features.count else { throw Damage() }
        cache.indexUnits()
        return cache
    }

    /// A 64-bit checksum of the payload, four lanes of multiply-rotate over 8-byte words: it
    /// catches a damaged or truncated file, not a forged one.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63)
        @inline(__always) func step(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = (lane ^ word) &* 0x9E37_79B9_7F4A_7C15
            return (mixed << 31) | (mixed >> 33)
        }
        var index = 0
        while index + 32 <= bytes.count {
            lanes.0 = step(lanes.0, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            lanes.1 = step(lanes.1, bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
            lanes.2 = step(lanes.2, bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
            lanes.3 = step(lanes.3, bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
            index += 32
        }
        var tail = UInt64(bytes.count)
        while index < bytes.count {
            tail = step(tail, UInt64(bytes[index]))
            index += 1
        }
        return StableHash.combine(StableHash.combine(lanes.0, lanes.1), StableHash.combine(StableHash.combine(lanes.2, lanes.3), tail))
    }
}
