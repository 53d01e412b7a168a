import Foundation
import Testing
import TestSupport
@testable import SkillParser

/// The framing every build cache file shares: what is written in any pieces reads back whole;
/// a file of another cache, format or key, cut short, lengthened or damaged anywhere is refused
/// with a reason, never read; a write that fails leaves the file in place as it was.
@Suite struct CacheFileTests {
    static let kind = CacheFile.Kind(magic: "SKBTESTS", format: 4, name: "test cache")
    static let key = ContentHash(high: 0x1234, low: 0x5678)

    /// A payload of `count` bytes that is not periodic in 8, so a shifted word changes the digest.
    static func payload(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 7919) ^ ($0 >> 7)) }
    }

    /// Writes `payload` to a new file in pieces of the sizes in `pieces` (repeated), returns the file.
    static func written(_ payload: [UInt8], pieces: [Int], in tree: FixtureTree, name: String = "cache") throws -> URL {
        let file = tree.root.appendingPathComponent(name)
        try CacheFile.write(to: file, kind: kind, key: key) { output in
            var start = 0, piece = 0
            while start < payload.count {
                let end = min(payload.count, start + pieces[piece % pieces.count])
                try output.write(payload[start..<end])
                start = end
                piece += 1
            }
            #expect(output.count == payload.count)
        }
        return file
    }

    /// Why `file` is refused, `nil` when it is read; reading it mapped (`withPayload`) must say the same.
    static func reason(_ file: URL, kind: CacheFile.Kind = kind, key: ContentHash = key) -> String? {
        var read: String?, mapped: String?
        do throws(CacheDamage) {
            _ = try CacheFile.read(file, kind: kind, key: key)
        } catch {
            read = error.description
        }
        do throws(CacheDamage) {
            _ = try CacheFile.withPayload(file, kind: kind, key: key) { bytes, _ in bytes.count }
        } catch {
            mapped = error.description
        }
        #expect(read == mapped, "read and mapped disagree")
        return read
    }

    /// The payload and digest `withPayload` hands its body, copied out of the mapping.
    static func mapped(_ file: URL) throws -> (payload: [UInt8], digest: ContentHash)? {
        try CacheFile.withPayload(file, kind: kind, key: key) { bytes, digest in (Array(bytes), digest) }
    }

    @Test func whatIsWrittenInAnyPiecesReadsBackWhole() throws {
        let tree = try FixtureTree()
        var files: [Data] = []
        for (count, pieces) in [(0, [1]), (1, [1]), (7, [3]), (4099, [1, 2, 3, 5, 8, 13]), (4099, [4099]),
                                ((1 << 20) * 3 + 5, [(1 << 20) + 3, 17, 1 << 19])] {
            let payload = Self.payload(count)
            let file = try Self.written(payload, pieces: pieces, in: tree)
            #expect(try CacheFile.read(file, kind: Self.kind, key: Self.key) == payload, "\(count) in \(pieces)")
            let mapped = try #require(try Self.mapped(file))
            #expect(mapped.payload == payload, "\(count) mapped")
            #expect(mapped.digest == payload.withUnsafeBytes { CacheFile.payloadDigest($0) })
            #expect(try Data(contentsOf: file).count == CacheFile.headerSize + count)
            if count == 4099 { files.append(try Data(contentsOf: file)) }
        }
        // The digest does not depend on how the payload was cut: the same bytes, the same file.
        #expect(files.count == 2 && files[0] == files[1])
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path) == ["cache"])
    }

    @Test func noFileOrAFolderIsNoCache() throws {
        let tree = try FixtureTree()
        let file = tree.root.appendingPathComponent("missing")
        #expect(try CacheFile.read(file, kind: Self.kind, key: Self.key) == nil)
        #expect(try Self.mapped(file) == nil)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        #expect(try CacheFile.read(file, kind: Self.kind, key: Self.key) == nil)
        #expect(try Self.mapped(file) == nil)
    }

    /// A build replaces a cache file by renaming a new one over it: a payload mapped before that
    /// keeps the old bytes to the end of its body, and the next read has the new ones.
    @Test func aMappedPayloadKeepsItsBytesWhenANewFileIsRenamedOverIt() throws {
        let tree = try FixtureTree()
        let old = Self.payload(3 << 16), new = Array(Self.payload(5000).reversed())
        let file = try Self.written(old, pieces: [1 << 16], in: tree)
        let seen = try CacheFile.withPayload(file, kind: Self.kind, key: Self.key) { bytes, _ in
            _ = try? Self.written(new, pieces: [5000], in: tree)
            return Array(bytes)
        }
        #expect(seen == old)
        #expect(try Self.mapped(file)?.payload == new)
    }

    /// A payload kept (`mappedPayload`) stays the file it was read from for as long as it lives:
    /// through a new file renamed over it and the new one removed too.
    @Test func aKeptPayloadOutlivesItsFile() throws {
        let tree = try FixtureTree()
        let old = Self.payload(3 << 16)
        let file = try Self.written(old, pieces: [1 << 16], in: tree)
        let kept = try #require(try CacheFile.mappedPayload(file, kind: Self.kind, key: Self.key))
        _ = try Self.written(Array(Self.payload(5000).reversed()), pieces: [5000], in: tree)
        try FileManager.default.removeItem(at: file)
        #expect(Array(kept.bytes) == old)
        #expect(kept.digest == old.withUnsafeBytes { CacheFile.payloadDigest($0) })
        #expect(try CacheFile.mappedPayload(file, kind: Self.kind, key: Self.key) == nil)
    }

    @Test func anotherCacheFormatOrKeyIsRefusedWithItsReason() throws {
        let tree = try FixtureTree()
        let file = try Self.written(Self.payload(100), pieces: [100], in: tree)
        let other = CacheFile.Kind(magic: "SKBOTHER", format: 4, name: "other cache")
        #expect(Self.reason(file, kind: other) == "not a other cache")
        let newer = CacheFile.Kind(magic: "SKBTESTS", format: 5, name: "test cache")
        #expect(Self.reason(file, kind: newer) == "written in another format")
        #expect(Self.reason(file, key: ContentHash(high: 0x1234, low: 0x5679))?.hasPrefix("made by another version") == true)
        #expect(Self.reason(file) == nil)
    }

    @Test func aFileCutShortOrLengthenedIsRefused() throws {
        let tree = try FixtureTree()
        let file = try Self.written(Self.payload(1000), pieces: [64], in: tree)
        let good = try Data(contentsOf: file)
        for length in [0, 5, CacheFile.headerSize - 1, CacheFile.headerSize, CacheFile.headerSize + 500, good.count - 1] {
            try good.prefix(length).write(to: file)
            #expect(Self.reason(file) == "cut short", "\(length) bytes")
        }
        try (good + Data([0])).write(to: file)
        #expect(Self.reason(file) == "longer than its header says")
    }

    @Test func damageAnywhereIsRefused() throws {
        let tree = try FixtureTree()
        let file = try Self.written(Self.payload(1000), pieces: [1000], in: tree)
        let good = try Data(contentsOf: file)
        var positions = Array(0..<CacheFile.headerSize)
        positions += stride(from: CacheFile.headerSize, to: good.count, by: 23)
        positions.append(good.count - 1)
        for position in positions {
            for flip: UInt8 in [0x01, 0x80] {
                var copy = good
                copy[position] ^= flip
                try copy.write(to: file)
                #expect(Self.reason(file) != nil, "byte \(position) ^ \(flip)")
            }
        }
        // Two words swapped keep every byte but not their order.
        var swapped = good
        let first = CacheFile.headerSize + 16, second = CacheFile.headerSize + 512
        for offset in 0..<8 { swapped.swapAt(first + offset, second + offset) }
        try swapped.write(to: file)
        #expect(Self.reason(file) == "damaged")
    }

    /// The payload digest, fed in four lanes: the same bytes cut anywhere give the same digest, and
    /// any one byte changed, a zero byte added or two words of a block swapped give another.
    @Test func thePayloadDigestDependsOnTheBytesNotTheCuts() {
        func digest(_ bytes: [UInt8], cuts: [Int]) -> ContentHash {
            var digest = CachePayloadDigest()
            var start = 0
            for cut in cuts + [bytes.count] where cut >= start && cut <= bytes.count {
                bytes[start..<cut].withUnsafeBytes { digest.add($0) }
                start = cut
            }
            return digest.finalize()
        }
        var seen = Set<ContentHash>()
        for count in [0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 100] {
            let bytes = Self.payload(count)
            let whole = digest(bytes, cuts: [])
            #expect(seen.insert(whole).inserted, "\(count) bytes")
            for cuts in [[1], [5, 6, 7], [8, 40], [31], [33, 34, 35, 36, 70], Array(stride(from: 0, to: count, by: 3))] {
                #expect(digest(bytes, cuts: cuts) == whole, "\(count) bytes cut at \(cuts)")
            }
            #expect(digest(bytes + [0], cuts: []) != whole)
            for position in 0..<count {
                var changed = bytes
                changed[position] ^= 0x01
                #expect(digest(changed, cuts: [count / 2]) != whole, "\(count) bytes, byte \(position)")
            }
            if count >= 32 {
                var swapped = bytes
                for offset in 0..<8 { swapped.swapAt(offset, 8 + offset) }
                #expect(digest(swapped, cuts: []) != whole)
            }
        }
    }

    @Test func aFailedWriteLeavesTheFileInPlaceAsItWas() throws {
        struct Stop: Error {}
        let tree = try FixtureTree()
        let payload = Self.payload(3000)
        let file = try Self.written(payload, pieces: [3000], in: tree)
        #expect(throws: Stop.self) {
            try CacheFile.write(to: file, kind: Self.kind, key: Self.key) { output in
                try output.write(Self.payload(2 << 20))
                throw Stop()
            }
        }
        #expect(try CacheFile.read(file, kind: Self.kind, key: Self.key) == payload)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path) == ["cache"])
        // A folder that cannot be written: the error says which file.
        let missing = tree.root.appendingPathComponent("no-such-folder/cache")
        #expect(throws: CacheWriteError.self) { try CacheFile.write(to: missing, kind: Self.kind, key: Self.key) { _ in } }
    }
}
