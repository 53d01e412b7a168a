import Foundation

/// A shard of the parse cache: a `CacheFile` whose payload is a table of entries, then one
/// record per file.
///
///     recorded at (8 bytes) | table length (8) | table | records
///     table: for each file its path, content digest, stamp, and its record's offset and length
///
/// Numbers in front of the table are little-endian. The frame's digest covers every byte, so
/// reading checks the table's ranges only; a record that does not decode is still caught when it
/// is decoded, and its file parsed.
struct ParseCacheFile {
    struct Entry: Sendable {
        var digest: ContentHash
        var stamp: FileStamp
        /// The record's range in `bytes`.
        var record: Range<Int>
    }

    static let kind = CacheFile.Kind(magic: "SKBPARSE", format: ParseCacheKey.format, name: "parse cache")

    /// When the build that wrote it began, before it read any file (see `FileStamp.isSettled`).
    var recordedAt: Int64
    var entries: [String: Entry]
    /// The whole payload, which entries' records point into.
    var bytes: [UInt8]

    /// Reads `file`; `nil` when there is none; throws when it is there but damaged or foreign.
    static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> ParseCacheFile? {
        guard let bytes = try CacheFile.read(file, kind: kind, key: key) else { return nil }
        let parsed = try bytes.withUnsafeBytes { all in Result { () throws(CacheDamage) in try table(all) } }.get()
        return ParseCacheFile(recordedAt: parsed.recordedAt, entries: parsed.entries, bytes: bytes)
    }

    /// The time recorded and the entries of the table in `all`, a shard's payload.
    private static func table(_ all: UnsafeRawBufferPointer) throws(CacheDamage) -> (recordedAt: Int64, entries: [String: Entry]) {
        guard all.count >= 16 else { throw CacheDamage("its table is damaged") }
        let recordedAt = Int64(littleEndian: all.loadUnaligned(fromByteOffset: 0, as: Int64.self))
        let tableLength = UInt64(littleEndian: all.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        guard tableLength <= UInt64(all.count - 16) else { throw CacheDamage("its table is damaged") }
        let recordsStart = 16 + Int(tableLength)
        var reader = try BinaryReader(record: UnsafeRawBufferPointer(rebasing: all[16..<recordsStart]))
        var entries: [String: Entry] = [:]
        let count = try reader.count()
        entries.reserveCapacity(count)
        let available = UInt64(all.count - recordsStart)
        for _ in 0..<count {
            let path = try reader.string()
            let digest = ContentHash(high: try reader.unsigned(), low: try reader.unsigned())
            let stamp = FileStamp(size: Int64(try reader.int()), modified: Int64(try reader.int()),
                                  changed: Int64(try reader.int()), inode: try reader.unsigned())
            let offset = try reader.unsigned(), length = try reader.unsigned()
            guard offset <= available, length <= available - offset else { throw CacheDamage("its table is damaged") }
            let start = recordsStart + Int(offset)
            entries[path] = Entry(digest: digest, stamp: stamp, record: start..<start + Int(length))
        }
        guard reader.isAtEnd else { throw CacheDamage("its table is damaged") }
        return (recordedAt, entries)
    }

    /// One entry of a cache about to be written.
    struct Outgoing: Sendable {
        enum Record: Sendable {
            /// Encoded by this build, in the parts that follow one another (`BinaryWriter.parts()`).
            case encoded([[UInt8]])
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

    /// Writes the shard to `file` (`CacheFile.write`: streamed, renamed into place). `previous`
    /// holds the kept records.
    static func write(_ entries: [Outgoing], key: ContentHash, recordedAt: Int64, previous: [UInt8]?, to file: URL) throws {
        let kept = entries.filter { entry in
            if case .kept = entry.record { return previous != nil }
            return true
        }
        var table = BinaryWriter()
        table.count(kept.count)
        var offset = 0
        for entry in kept {
            let length: Int
            switch entry.record {
            case .encoded(let parts): length = parts.reduce(0) { $0 + $1.count }
            case .kept(let old): length = old.record.count
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
            offset += length
        }
        let tableBytes = table.finished()
        try CacheFile.write(to: file, kind: kind, key: key) { output in
            var front: [UInt8] = []
            for value in [UInt64(bitPattern: recordedAt), UInt64(tableBytes.count)] {
                withUnsafeBytes(of: value.littleEndian) { front.append(contentsOf: $0) }
            }
            try output.write(front)
            try output.write(tableBytes)
            for entry in kept {
                switch entry.record {
                case .encoded(let parts): for part in parts { try output.write(part) }
                case .kept(let old): if let previous { try output.write(previous[old.record]) }
                }
            }
        }
    }
}
