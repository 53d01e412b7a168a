import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parse cache's file: a fixed header, a table of entries, then one record per file.
///
///     magic "SKBPARSE" | key (16 bytes) | recorded at (8) | table length (8) | table digest (16)
///     table: for each file its path, content digest, stamp, and its record's offset, length and digest
///     records
///
/// Numbers in the header are little-endian. Reading checks the magic, the key, the table's
/// length and digest, and every entry's record range; a record's digest is checked when it is
/// decoded, so damage anywhere is found before it can change a parse.
struct ParseCacheFile {
    struct Entry: Sendable {
        var digest: ContentHash
        var stamp: FileStamp
        /// The record's range in `bytes`.
        var record: Range<Int>
        var recordDigest: ContentHash
    }

    static let magic = Array("SKBPARSE".utf8)
    static let headerLength = 8 + 16 + 8 + 8 + 16

    var key: ContentHash
    /// When the build that wrote it began, before it read any file (see `FileStamp.isSettled`).
    var recordedAt: Int64
    var entries: [String: Entry]
    /// The whole file, which entries' records point into.
    var bytes: CacheBytes

    /// Reads `file`; `nil` when there is none; throws when it is there but damaged or foreign.
    static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> ParseCacheFile? {
        guard let bytes = CacheBytes(contentsOf: file.path) else { return nil }
        let all = bytes.buffer
        guard all.count >= headerLength, Array(all[0..<8]) == magic else { throw CacheDamage("not a parse cache") }
        let fileKey = ContentHash(high: all.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian,
                                  low: all.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian)
        guard fileKey == key else { throw CacheDamage("made by another version of skillbook") }
        let recordedAt = Int64(littleEndian: all.loadUnaligned(fromByteOffset: 24, as: Int64.self))
        let tableLength = UInt64(littleEndian: all.loadUnaligned(fromByteOffset: 32, as: UInt64.self))
        let tableDigest = ContentHash(high: all.loadUnaligned(fromByteOffset: 40, as: UInt64.self).littleEndian,
                                      low: all.loadUnaligned(fromByteOffset: 48, as: UInt64.self).littleEndian)
        guard tableLength <= UInt64(all.count - headerLength) else { throw CacheDamage("truncated") }
        let table = UnsafeRawBufferPointer(rebasing: all[headerLength..<headerLength + Int(tableLength)])
        guard ContentHasher.hash(table) == tableDigest else { throw CacheDamage("its table is damaged") }
        let recordsStart = headerLength + Int(tableLength)
        var reader = try BinaryReader(record: table)
        var entries: [String: Entry] = [:]
        let count = try reader.count()
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try reader.string()
            let digest = ContentHash(high: try reader.unsigned(), low: try reader.unsigned())
            let stamp = FileStamp(size: Int64(try reader.int()), modified: Int64(try reader.int()),
                                  changed: Int64(try reader.int()), inode: try reader.unsigned())
            let offset = try reader.unsigned(), length = try reader.unsigned()
            let recordDigest = ContentHash(high: try reader.unsigned(), low: try reader.unsigned())
            let available = UInt64(all.count - recordsStart)
            guard offset <= available, length <= available - offset else { throw CacheDamage("truncated") }
            let start = recordsStart + Int(offset)
            entries[path] = Entry(digest: digest, stamp: stamp, record: start..<start + Int(length), recordDigest: recordDigest)
        }
        guard reader.isAtEnd else { throw CacheDamage("its table is damaged") }
        return ParseCacheFile(key: key, recordedAt: recordedAt, entries: entries, bytes: bytes)
    }

    /// One entry of a cache about to be written.
    struct Outgoing: Sendable {
        enum Record: Sendable {
            /// Encoded by this build.
            case encoded([UInt8])
            /// Still in the file read, unchanged.
            case kept(Entry)
        }

        var path: String
        var digest: ContentHash
        var stamp: FileStamp
        var record: Record
        /// Whether this build read the file's bytes (it does unless the stamp settles it).
        var wasRead = true
    }

    /// Writes the cache to `file` through a temporary file renamed into place, so a reader sees
    /// the whole old file or the whole new one. `previous` holds the kept records.
    static func write(_ entries: [Outgoing], key: ContentHash, recordedAt: Int64, previous: CacheBytes?, to file: URL) throws {
        let kept = entries.filter { entry in
            if case .kept = entry.record { return previous != nil }
            return true
        }
        var table = BinaryWriter()
        table.count(kept.count)
        var offset = 0
        for entry in kept {
            let length: Int, digest: ContentHash
            switch entry.record {
            case .encoded(let record):
                length = record.count
                digest = record.withUnsafeBytes { ContentHasher.hash($0) }
            case .kept(let old):
                length = old.record.count
                digest = old.recordDigest
            }
            table.string(entry.path)
            table.unsigned(entry.digest.high)
            table.unsigned(entry.digest.low)
            table.int(Int(entry.stamp.size))
            table.int(Int(entry.stamp.modified))
            table.int(Int(entry.stamp.changed))
            table.unsigned(entry.stamp.inode)
            table.unsigned(UInt64(offset))
            table.unsigned(UInt64(length))
            table.unsigned(digest.high)
            table.unsigned(digest.low)
            offset += length
        }
        let tableBytes = table.finished()

        var header: [UInt8] = magic
        func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { header += $0 } }
        append(key.high)
        append(key.low)
        append(UInt64(bitPattern: recordedAt))
        append(UInt64(tableBytes.count))
        let tableDigest = tableBytes.withUnsafeBytes { ContentHasher.hash($0) }
        append(tableDigest.high)
        append(tableDigest.low)

        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + "-\(getpid())")
        var output = try BufferedFile(creating: temporary.path)
        do {
            try output.write(header)
            try output.write(tableBytes)
            for entry in kept {
                switch entry.record {
                case .encoded(let record): try output.write(record)
                case .kept(let old): if let previous { try output.write(UnsafeRawBufferPointer(rebasing: previous.buffer[old.record])) }
                }
            }
            try output.close()
        } catch {
            output.abandon()
            unlink(temporary.path)
            throw error
        }
        if rename(temporary.path, file.path) != 0 {
            let code = errno
            unlink(temporary.path)
            throw CacheWriteError(path: file.path, code: code)
        }
    }
}
