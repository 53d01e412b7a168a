import Foundation

/// A shard of the parse cache: a `CacheFile` whose payload is a table of entries, then every
/// file's own record, then every file's trailing records, read in part (`CacheFile.open`): the
/// table and the own records when the shard is opened (one read, beside the file walk), a file's
/// trailing records (rules, tree) only when something reads them.
///
///     recorded at (8 bytes) | table length (8) | table digest (16) | own records length (8)
///     | table | own records | trailing records
///     table: for each file its path, content digest, stamp, its own record's offset, length and
///            digest, and its trailing records' offset and length
///     own record: frontmatter, indexes, diagnostics, and what finds the trailing records
///
/// Numbers in front of the table are little-endian. There is no digest of the whole payload:
/// the table has its digest, each own record has its digest in the table, and each trailing
/// record its digest in the own record (`TrailingRecord`). Whatever is used is checked; what a
/// rebuild does not read (the trees and rules of unchanged files, four fifths of the cache) is
/// neither read nor digested.
struct ParseCacheFile {
    struct Entry: Sendable {
        var digest: ContentHash
        var stamp: FileStamp
        /// The own record's range in `own`, and its `CachePayloadDigest`.
        var own: Range<Int>
        var ownDigest: ContentHash
        /// The trailing records' range in the payload.
        var trailing: Range<Int>
    }

    static let kind = CacheFile.Kind(magic: "SKBPARSE", format: ParseCacheKey.format, name: "parse cache", digestsPayload: false)
    static let frontSize = 40

    /// When the build that wrote it began, before it read any file (see `FileStamp.isSettled`).
    var recordedAt: Int64
    var entries: [String: Entry]
    /// The payload from its start through the own records, mapped (`CacheFile.MappedBytes`).
    var ownMemory: CacheFile.MappedBytes
    /// Where the own records start in the payload.
    var ownStart: Int
    /// Every file's own record, one after another: valid while `ownMemory` lives.
    var own: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: ownMemory.bytes[ownStart...]) }
    /// The file, open, which entries' trailing records are read from.
    var file: CacheFile.Opened

    /// Opens `file` and reads its table and own records; `nil` when there is none; throws when it
    /// is there but damaged or foreign.
    static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> ParseCacheFile? {
        guard let opened = try CacheFile.open(file, kind: kind, key: key) else { return nil }
        guard opened.length >= frontSize, let front = opened.read(0..<frontSize) else { throw CacheDamage("its table is damaged") }
        let words = front.withUnsafeBytes { all in
            (0..<5).map { UInt64(littleEndian: all.loadUnaligned(fromByteOffset: 8 * $0, as: UInt64.self)) }
        }
        let (tableLength, ownLength) = (words[1], words[4])
        guard tableLength <= UInt64(opened.length - frontSize), ownLength <= UInt64(opened.length - frontSize) - tableLength
        else { throw CacheDamage("its table is damaged") }
        let tableEnd = frontSize + Int(tableLength), ownEnd = tableEnd + Int(ownLength)
        // The table and the own records, mapped: every own record is decoded (a rebuild reads
        // them all), and read into fresh memory they were 1,900 of the 44,000 page faults of a
        // paragraph rebuild of agentic-awesome-skills (perf -e page-faults).
        guard let start = opened.mapped(0..<ownEnd) else { throw CacheDamage("cut short") }
        let table = UnsafeRawBufferPointer(rebasing: start.bytes[frontSize..<tableEnd])
        guard ContentHasher.hash(table) == ContentHash(high: words[2], low: words[3]) else {
            throw CacheDamage("its table is damaged")
        }
        let entries = try self.entries(table, ownLength: Int(ownLength), trailingStart: ownEnd, length: opened.length)
        return ParseCacheFile(recordedAt: Int64(bitPattern: words[0]), entries: entries, ownMemory: start, ownStart: tableEnd,
                              file: opened)
    }

    /// The entries of `table`: own records in `ownLength` bytes, trailing records from
    /// `trailingStart` to the payload's `length`.
    private static func entries(_ table: UnsafeRawBufferPointer, ownLength: Int, trailingStart: Int,
                                length: Int) throws(CacheDamage) -> [String: Entry] {
        var reader = try BinaryReader(record: table)
        var entries: [String: Entry] = [:]
        let count = try reader.count()
        entries.reserveCapacity(count)
        let trailingLength = UInt64(length - trailingStart)
        for _ in 0..<count {
            let path = try reader.string()
            let digest = ContentHash(high: try reader.unsigned(), low: try reader.unsigned())
            let stamp = FileStamp(size: Int64(try reader.int()), modified: Int64(try reader.int()),
                                  changed: Int64(try reader.int()), inode: try reader.unsigned())
            let ownOffset = try reader.unsigned(), ownCount = try reader.unsigned()
            let ownDigest = ContentHash(high: try reader.word(), low: try reader.word())
            let trailingOffset = try reader.unsigned(), trailingCount = try reader.unsigned()
            guard ownOffset <= UInt64(ownLength), ownCount <= UInt64(ownLength) - ownOffset,
                  trailingOffset <= trailingLength, trailingCount <= trailingLength - trailingOffset
            else { throw CacheDamage("its table is damaged") }
            let trailing = trailingStart + Int(trailingOffset)
            entries[path] = Entry(digest: digest, stamp: stamp, own: Int(ownOffset)..<Int(ownOffset + ownCount),
                                  ownDigest: ownDigest, trailing: trailing..<trailing + Int(trailingCount))
        }
        guard reader.isAtEnd else { throw CacheDamage("its table is damaged") }
        return entries
    }

    /// One entry of a cache about to be written.
    struct Outgoing: Sendable {
        enum Record: Sendable {
            /// Encoded by this build: the own record in its parts (`BinaryWriter.split()`), its
            /// digest, and the trailing records' parts.
            case encoded(own: [[UInt8]], ownDigest: ContentHash, trailing: [[UInt8]])
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
    /// the shard read, holds the kept records; one whose trailing records cannot be read from it
    /// any more is left out.
    static func write(_ entries: [Outgoing], key: ContentHash, recordedAt: Int64, previous: ParseCacheFile?, to file: URL) throws {
        /// Each entry with its own record's and trailing records' bytes, in parts.
        var written: [(entry: Outgoing, own: [ArraySlice<UInt8>], ownDigest: ContentHash, trailing: [ArraySlice<UInt8>])] = []
        written.reserveCapacity(entries.count)
        for entry in entries {
            switch entry.record {
            case .encoded(let own, let digest, let trailing):
                written.append((entry, own.map { $0[...] }, digest, trailing.map { $0[...] }))
            case .kept(let old):
                guard let previous, let trailing = old.trailing.isEmpty ? [] : previous.file.read(old.trailing) else { continue }
                written.append((entry, [Array(UnsafeRawBufferPointer(rebasing: previous.own[old.own]))[...]], old.ownDigest,
                                [trailing[...]]))
            }
        }
        var table = BinaryWriter()
        table.count(written.count)
        var ownOffset = 0, trailingOffset = 0
        for (entry, own, ownDigest, trailing) in written {
            let ownCount = own.reduce(0) { $0 + $1.count }, trailingCount = trailing.reduce(0) { $0 + $1.count }
            table.string(entry.path)
            table.unsigned(entry.digest.high)
            table.unsigned(entry.digest.low)
            table.int(Int(entry.stamp.size))
            table.int(Int(entry.stamp.modified))
            table.int(Int(entry.stamp.changed))
            table.unsigned(entry.stamp.inode)
            table.unsigned(UInt64(ownOffset))
            table.unsigned(UInt64(ownCount))
            table.word(ownDigest.high)
            table.word(ownDigest.low)
            table.unsigned(UInt64(trailingOffset))
            table.unsigned(UInt64(trailingCount))
            ownOffset += ownCount
            trailingOffset += trailingCount
        }
        let tableBytes = table.finished()
        let tableDigest = tableBytes.withUnsafeBytes { ContentHasher.hash($0) }
        try CacheFile.write(to: file, kind: kind, key: key) { output in
            var front: [UInt8] = []
            for value in [UInt64(bitPattern: recordedAt), UInt64(tableBytes.count), tableDigest.high, tableDigest.low,
                          UInt64(ownOffset)] {
                withUnsafeBytes(of: value.littleEndian) { front.append(contentsOf: $0) }
            }
            try output.write(front)
            try output.write(tableBytes)
            for item in written { for part in item.own { try output.write(part) } }
            for item in written { for part in item.trailing { try output.write(part) } }
        }
    }
}
