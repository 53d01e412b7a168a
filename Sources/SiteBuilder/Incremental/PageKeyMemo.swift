import Foundation
import SkillParser

/// The input keys of the last build's skill and document pages, by page, each with the digest of
/// the page's own inputs (`PageInputs.localDigest`), all under the digest of what those keys read
/// from the rest of the collection (`PageInputs.world`). A rebuild whose world is the same takes
/// the key of every page whose own inputs are the same from here, without working out its
/// "Related skills", "Referenced by", links and code-span mentions: a profile of a rebuild of
/// agentic-awesome-skills after one changed reference had the keys and relations of its 4,350
/// pages at about 75 ms of processor time, for one page made anew. When the world differs
/// (a heading renamed, a link or file added) every key is worked out as before.
///
/// The file `page-keys` of the build cache folder (`CacheFile` framing: a damaged or foreign file
/// is not used, and every key is then worked out).
struct PageKeyMemo: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var local: ContentHash
        var key: ContentHash
    }

    var world: ContentHash
    var entries: [String: Entry]

    static let kind = CacheFile.Kind(magic: "SKBPKEYS", format: 1, name: "page key cache")

    /// What the file is made under: the program (and so how keys are made).
    static var fileKey: ContentHash {
        var hasher = ContentHasher()
        hasher.add(PageInputs.format)
        hasher.add(ToolDigest.executable)
        return hasher.finalize()
    }

    static func location(for output: URL) -> URL {
        CacheFolder.file("page-keys", forOutput: output)
    }

    /// The key of the page at `path` when the memo was made under `world` and holds the page
    /// with the same own inputs.
    func key(for path: String, local: ContentHash, world: ContentHash) -> ContentHash? {
        guard world == self.world, let entry = entries[path], entry.local == local else { return nil }
        return entry.key
    }

    /// The memo in `file`: `nil` when there is none; throws, saying why, when it is damaged or
    /// was made by another program.
    static func read(_ file: URL) throws(CacheDamage) -> PageKeyMemo? {
        try CacheFile.withPayload(file, kind: kind, key: fileKey) { bytes, _ throws(CacheDamage) in try decode(bytes) }
    }

    func write(to file: URL) throws {
        guard CacheFolder.prepare(for: file) else { return }
        let record = encoded()
        try CacheFile.write(to: file, kind: Self.kind, key: Self.fileKey) { output in try output.write(record) }
    }

    func encoded() -> [UInt8] {
        var writer = CacheRecordWriter()
        writer.hash(world)
        let sorted = entries.sorted { $0.key < $1.key }
        writer.count(sorted.count)
        for (path, entry) in sorted {
            writer.string(path)
            writer.hash(entry.local)
            writer.hash(entry.key)
        }
        return writer.finished()
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws(CacheDamage) -> PageKeyMemo {
        var reader = try CacheRecordReader(record: bytes)
        let world = try reader.hash()
        let count = try reader.count()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try reader.string()
            entries[path] = Entry(local: try reader.hash(), key: try reader.hash())
        }
        guard reader.isAtEnd else { throw CacheDamage("bytes after the pages") }
        return PageKeyMemo(world: world, entries: entries)
    }
}
