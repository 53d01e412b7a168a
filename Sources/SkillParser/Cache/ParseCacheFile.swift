import Foundation

/// A shard of the parse cache: a `CacheFile` whose payload is a table of entries, then one
/// record per file, read in part (`CacheFile.open`): the table when the shard is opened, a
/// file's own record when its parse is taken, its trailing records (rules, tree) only when
/// something reads them.
///
///     recorded at (8 bytes) | table length (8) | table digest (16) | table | records
///     table: for each file its path, content digest, stamp, its record's offset and length,
///            and the length and digest of the record's own part
///     record: its own part (frontmatter, indexes, diagnostics), then its trailing records
///
/// Numbers in front of the table are little-endian. There is no digest of the whole payload:
/// the table has its digest, each record's own part has its digest in the table, and each
/// trailing record its digest in the record's own part (`TrailingRecord`). Whatever is read is
/// checked; what a rebuild does not read (most of the cache: the trees and rules of unchanged
/// files) is neither read nor digested.
struct ParseCacheFile {
    struct Entry: Sendable {
        var digest: ContentHash
        var stamp: FileStamp
        /// The record's range in the payload, its trailing records included.
        var record: Range<Int>
        /// The length of the record's own part, at its start, and that part's `CachePayloadDigest`.
        var ownLength: Int
        var ownDigest: ContentHash

        /// The range of the record's own part.
        var own: Range<Int> { record.lowerBound..<record.lowerBound + ownLength }
    }

    static let kind = CacheFile.Kind(magic: "SKBPARSE", format: ParseCacheKey.format, name: "parse cache", digestsPayload: false)

    /// When the build that wrote it began, before it read any file (see `FileStamp.isSettled`).
    var recordedAt: Int64
    var entries: [String: Entry]
    /// The file, open, which entries' records are read from.
    var file: CacheFile.Opened

    /// Opens `file` and reads its table; `nil` when there is none; throws when it is there but
    /// damaged or foreign.
    static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> ParseCacheFile? {
        guard let opened = try CacheFile.open(file, kind: kind, key: key) else { return nil }
        guard let front = opened.read(0..<min(32, opened.length)), front.count == 32 else { throw CacheDamage("its table is damaged") }
        let (recordedAt, tableLength, tableDigest) = front.withUnsafeBytes { all in
            (Int64(littleEndian: all.loadUnaligned(fromByteOffset: 0, as: Int64.self)),
             UInt64(littleEndian: all.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
             ContentHash(high: UInt64(littleEndian: all.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                         low: UInt64(littleEndian: all.loadUnaligned(fromByteOffset: 24, as: UInt64.self))))
        }
        guard tableLength <= UInt64(opened.length - 32), let table = opened.read(32..<32 + Int(tableLength)),
              table.withUnsafeBytes({ ContentHasher.hash($0) }) == tableDigest
        else { throw CacheDamage("its table is damaged") }
        let entries = try table.withUnsafeBytes { all in
            Result { () throws(CacheDamage) in try self.entries(all, recordsStart: 32 + Int(tableLength), length: opened.length) }
        }.get()
        return ParseCacheFile(recordedAt: recordedAt, entries: entries, file: opened)
    }

    /// The entries of `table`, whose records start at `recordsStart` of a payload of `length` bytes.
    private static func entries(_ table: UnsafeRawBufferPointer, recordsStart: Int, length: Int) throws(CacheDamage) -> [String: Entry] {
        var reader = try BinaryReader(record: table)
        var entries: [String: Entry] = [:]
        let count = try reader.count()
        entries.reserveCapacity(count)
        let available = UInt64(length - recordsStart)
        for _ in 0..<count {
            let path = try reader.string()
            let digest = ContentHash(high: try reader.unsigned(), low: try reader.unsigned())
            let stamp = FileStamp(size: Int64(try reader.int()), modified: Int64(try reader.int()),
                                  changed: Int64(try reader.int()), inode: try reader.unsigned())
            let offset = try reader.unsigned(), length = try reader.unsigned(), ownLength = try reader.unsigned()
            let ownDigest = ContentHash(high: try reader.word(), low: try reader.word())
            guard offset <= available, length <= available - offset, ownLength <= length else { throw CacheDamage("its table is damaged") }
            let start = recordsStart + Int(offset)
            entries[path] = Entry(digest: digest, stamp: stamp, record: start..<start + Int(length), ownLength: Int(ownLength),
                                  ownDigest: ownDigest)
        }
        guard reader.isAtEnd else { throw CacheDamage("its table is damaged") }
        return entries
    }

    /// One entry of a cache about to be written.
    struct Outgoing: Sendable {
        enum Record: Sendable {
            /// Encoded by this build, in the parts that follow one another (`BinaryWriter.parts()`):
            /// its own part's length and digest, then the parts.
            case encoded(ownLength: Int, ownDigest: ContentHash, parts: [[UInt8]])
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

    /// Writes the shard to `file` (`CacheFile.write`: streamed, renamed into place). `previous`,
    /// the shard read, holds the kept records; one that cannot be read from it any more is left out.
    static func write(_ entries: [Outgoing], key: ContentHash, recordedAt: Int64, previous: CacheFile.Opened?, to file: URL) throws {
        var kept: [(entry: Outgoing, bytes: [UInt8]?)] = []
        kept.reserveCapacity(entries.count)
        for entry in entries {
            switch entry.record {
            case .encoded: kept.append((entry, nil))
            case .kept(let old): if let bytes = previous?.read(old.record) { kept.append((entry, bytes)) }
            }
        }
        var table = BinaryWriter()
        table.count(kept.count)
        var offset = 0
        for (entry, bytes) in kept {
            let length: Int, ownLength: Int, ownDigest: ContentHash
            switch entry.record {
            case .encoded(let own, let digest, let parts): (length, ownLength, ownDigest) = (parts.reduce(0) { $0 + $1.count }, own, digest)
            case .kept(let old): (length, ownLength, ownDigest) = (bytes?.count ?? 0, old.ownLength, old.ownDigest)
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
            table.unsigned(UInt64(ownLength))
            table.word(ownDigest.high)
            table.word(ownDigest.low)
            offset += length
        }
        let tableBytes = table.finished()
        let tableDigest = tableBytes.withUnsafeBytes { ContentHasher.hash($0) }
        try CacheFile.write(to: file, kind: kind, key: key) { output in
            var front: [UInt8] = []
            for value in [UInt64(bitPattern: recordedAt), UInt64(tableBytes.count), tableDigest.high, tableDigest.low] {
                withUnsafeBytes(of: value.littleEndian) { front.append(contentsOf: $0) }
            }
            try output.write(front)
            try output.write(tableBytes)
            for (entry, bytes) in kept {
                switch entry.record {
                case .encoded(_, _, let parts): for part in parts { try output.write(part) }
                case .kept: if let bytes { try output.write(bytes) }
                }
            }
        }
    }
}
