import Foundation
import SkillParser

/// The findings of the per-document checks of one build, per file, kept in the build cache
/// folder (`.OUT.skillbook-cache/check`) so that a rebuild runs them on the changed files only.
/// A file's findings of the document checks (`DocumentCheck`) are reused when its path and the
/// digest of its bytes are the ones they were made from; those of the file-world checks
/// (`FileWorldCheck`) when its `FileWorld.key` is, and the folders listed beyond the walk
/// (`beyondWalk`) list as they did; those of a check over the whole collection (`DigestedCheck`)
/// when the digest of its inputs is. The whole cache is used only under the same `CheckWorld`
/// key; anything else is checked anew, so a rebuild finds what a full run finds.
public struct CheckCache: Sendable {
    public static let fileName = "check"
    static let kind = CacheFile.Kind(magic: "SKBCHECK", format: 3, name: "check cache")

    /// `CheckWorld.key` of the run that made it.
    public var key: ContentHash
    /// The document checks' findings, in path order.
    var entryList: [FindingsRecord.Entry]
    /// The file-world checks' findings, in path order, under each file's `FileWorld.key`.
    var worldEntryList: [FindingsRecord.Entry]
    /// The same by path, for a cache read to be reused (`read` makes them); the cache a run
    /// makes has none, since it is only written (3.5 ms of a rebuild's check step went into
    /// tables of 4,350 entries, twice, that nothing looked up).
    var entries: [String: FindingsRecord.Entry] = [:]
    var worldEntries: [String: FindingsRecord.Entry] = [:]
    /// The folders the run listed beyond the loader's walk, each with its listing's digest (as entries without lists).
    var beyondWalk: [FindingsRecord.Entry] = []
    /// The findings of the checks over the whole collection (`DigestedCheck`), by the check's
    /// name, under the digest of its inputs (one list each).
    var checkEntries: [String: FindingsRecord.Entry] = [:]

    /// `entries` and `worldEntries` in path order (as the graph's documents are).
    init(key: ContentHash, entries: [FindingsRecord.Entry], worldEntries: [FindingsRecord.Entry] = [],
         beyondWalk: [FindingsRecord.Entry] = [], checkEntries: [FindingsRecord.Entry] = [], indexed: Bool = false) {
        self.key = key
        entryList = entries
        worldEntryList = worldEntries
        if indexed {
            self.entries.reserveCapacity(entries.count)
            for entry in entries { self.entries[entry.path] = entry }
            self.worldEntries.reserveCapacity(worldEntries.count)
            for entry in worldEntries { self.worldEntries[entry.path] = entry }
        }
        self.beyondWalk = beyondWalk
        for entry in checkEntries { self.checkEntries[entry.path] = entry }
    }

    /// The cache with its entries by path, for reuse (made here when it was not read from a file).
    func indexed() -> CheckCache {
        guard entries.count != entryList.count || worldEntries.count != worldEntryList.count else { return self }
        return CheckCache(key: key, entries: entryList, worldEntries: worldEntryList, beyondWalk: beyondWalk,
                          checkEntries: Array(checkEntries.values), indexed: true)
    }

    /// The cache kept in `file`, or `nil` when there is none; throws, saying why, when one is
    /// there but made under another key (another program, other skills) or damaged.
    public static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> CheckCache? {
        let decoded = try CacheFile.withPayload(file, kind: kind, key: key) { bytes, _ in
            Result { () throws(CacheDamage) -> [[FindingsRecord.Entry]] in
                // Four records, each after its length (8 bytes, little-endian).
                var parts: [[FindingsRecord.Entry]] = []
                var position = 0
                for _ in 0..<4 {
                    guard bytes.count - position >= 8 else { throw CacheDamage("record ends early") }
                    let length = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                    position += 8
                    guard length <= UInt64(bytes.count - position) else { throw CacheDamage("record ends early") }
                    parts.append(try FindingsRecord.decode(UnsafeRawBufferPointer(rebasing: bytes[position..<position + Int(length)])))
                    position += Int(length)
                }
                guard position == bytes.count else { throw CacheDamage("bytes after the findings") }
                return parts
            }
        }
        guard let parts = try decoded?.get() else { return nil }
        return CheckCache(key: key, entries: parts[0], worldEntries: parts[1], beyondWalk: parts[2], checkEntries: parts[3], indexed: true)
    }

    /// Writes the cache to `file` (`CacheFile.write`: renamed into place).
    public func write(to file: URL) throws {
        let records = [entryList, worldEntryList].map { FindingsRecord.encode($0) }
            + [FindingsRecord.encode(beyondWalk), FindingsRecord.encode(checkEntries.values.sorted { $0.path < $1.path })]
        try CacheFile.write(to: file, kind: Self.kind, key: key) { output in
            for record in records {
                var length: [UInt8] = []
                withUnsafeBytes(of: UInt64(record.count).littleEndian) { length.append(contentsOf: $0) }
                try output.write(length)
                try output.write(record)
            }
        }
    }

    /// Whether `other` keeps the same folders beyond the walk, with the same listings (else the
    /// cache file is written again even when every finding was reused).
    public func hasTheSameFoldersBeyondWalk(as other: CheckCache) -> Bool {
        beyondWalk == other.beyondWalk
    }

    /// Whether `other` holds the same findings of the checks over the whole collection under the
    /// same digests (else the cache file is written again even when every file's were reused).
    public func hasTheSameCheckEntries(as other: CheckCache) -> Bool {
        checkEntries == other.checkEntries
    }

    /// Number of files it holds, for `--verbose`.
    public var count: Int { entryList.count }
}
