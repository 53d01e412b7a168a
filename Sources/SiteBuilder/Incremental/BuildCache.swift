import Foundation
import SkillParser

/// The build cache: for every file of the last site, the digest of what it was made from, and
/// the size and modification time it had when written. It is the file `site` of the cache folder
/// beside the output folder (`.OUT.skillbook-cache/site`, see `CacheFolder`), so it is never
/// published; a build reads it to reuse unchanged files of the previous site, and replaces it
/// once the new site is in place.
///
/// A text file, one line per file: `digest size mtime path`, after a header line, the key
/// of the build (the tool and the theme; see `BuildKey`) and the file's generation. A cache with
/// another header or key is ignored, as is a line that does not parse: the build then makes
/// those files anew.
///
/// A rebuild that changed few files writes only its changes (`site-changes`: the same lines,
/// `- path` for a file gone), against the generation of the whole file they apply to; read,
/// the whole file and its changes make the cache. Writing the whole file again was about 13 ms
/// of a rebuild's write step for agentic-awesome-skills (15,500 lines sorted and formatted;
/// perf), its changes after a changed paragraph about 40 lines. The changes file names the
/// generation of its whole file, so a whole file written later (with a new generation) leaves
/// an older changes file unused, whichever of the two renames a crash came between.
struct BuildCache: Sendable {
    struct Entry: Sendable, Hashable {
        var hash: ContentHash
        var size: Int
        /// Nanoseconds since 1970: a file edited by hand in the site keeps neither.
        var modified: Int64
    }

    static let header = "skillbook build cache 2"
    static let changesHeader = "skillbook build cache changes 2"

    var key: ContentHash
    var entries: [String: Entry] = [:]
    /// Which whole file this is (`nil` for a cache not read from one): a random number.
    var generation: UInt64?
    /// The entries that differ from the whole file's (`nil`: a path the whole file has and the
    /// cache does not), when read with a changes file.
    var changes: [String: Entry?] = [:]

    init(key: ContentHash, entries: [String: Entry] = [:]) {
        self.key = key
        self.entries = entries
    }

    /// Where the changes of the cache `file` are kept.
    static func changesLocation(of file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + "-changes")
    }

    /// What a rebuild writes for its cache (`update(to:)`).
    enum Update {
        /// The cache is the one read: nothing to write.
        case none
        /// The whole file, with a new generation.
        case whole(BuildCache)
        /// A changes file against this cache's whole file (the cache with its `changes`).
        case changes(BuildCache)
    }

    /// Changes files are kept up to this many lines (and an eighth of the entries), so that
    /// reading one costs little beside the whole file; past that the whole file is written again.
    static let changesLimit = 256

    /// How a rebuild that read this cache writes one with `entries`: nothing when they are the
    /// same, the changes since this cache's whole file when they are few, else the whole file.
    func update(to entries: [String: Entry]) -> Update {
        var changed = changes
        var kept = 0
        for (path, entry) in entries {
            let old = self.entries[path]
            if old != nil { kept += 1 }
            if old != entry { changed[path] = .some(entry) }
        }
        if kept < self.entries.count {
            for path in self.entries.keys where entries[path] == nil { changed[path] = .some(nil) }
        }
        if changed.count == changes.count, changed.keys.allSatisfy({ changes[$0] == changed[$0] }) { return .none }
        var next = BuildCache(key: key, entries: entries)
        guard let generation, changed.count <= max(Self.changesLimit, self.entries.count / 8) else { return .whole(next) }
        next.generation = generation
        next.changes = changed
        return .changes(next)
    }

    /// Where the cache of the output folder `url` is kept.
    static func location(for url: URL) -> URL {
        CacheFolder.file("site", forOutput: url)
    }

    /// Where a rebuild that updates its site in place writes the new cache before its commit,
    /// which renames it to `location` (`SiteJournal`).
    static func pendingLocation(for url: URL) -> URL {
        CacheFolder.file("site-next", forOutput: url)
    }

    /// Where such a rebuild writes a changes file, which its commit renames to `changesLocation`.
    static func pendingChangesLocation(for url: URL) -> URL {
        CacheFolder.file("site-changes-next", forOutput: url)
    }

    /// The cache at `file` with its changes file, or `nil` when there is none or it is not one of ours.
    static func read(_ file: URL) -> BuildCache? {
        guard let data = FileManager.default.contents(atPath: file.path),
              var cache = data.withUnsafeBytes({ parse($0) }) else { return nil }
        if let changes = FileManager.default.contents(atPath: changesLocation(of: file).path) {
            changes.withUnsafeBytes { cache.apply(changes: $0) }
        }
        return cache
    }

    /// Reads the text `serialized` writes, on bytes: a cache has a line per file of the site
    /// (15,500 on the largest collection), read at the start of every rebuild.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> BuildCache? {
        var lines = CacheLines(bytes)
        guard let first = lines.next(), first.elementsEqual(header.utf8),
              let keyLine = lines.next(), let key = ContentHash(hexBytes: keyLine),
              let generationLine = lines.next(), let generation = UInt64(String(decoding: generationLine, as: UTF8.self), radix: 16)
        else { return nil }
        var cache = BuildCache(key: key)
        cache.generation = generation
        cache.entries.reserveCapacity(bytes.count / 80)
        while let line = lines.next() {
            guard let (path, entry) = Self.entry(line) else { continue }
            cache.entries[path] = entry
        }
        return cache
    }

    /// Applies the changes file `bytes` when it is one for this cache's key and whole file;
    /// otherwise (left by an earlier whole file, or damaged) it is not used.
    mutating func apply(changes bytes: UnsafeRawBufferPointer) {
        var lines = CacheLines(bytes)
        guard let first = lines.next(), first.elementsEqual(Self.changesHeader.utf8),
              let keyLine = lines.next(), ContentHash(hexBytes: keyLine) == key,
              let generationLine = lines.next(), let generation,
              UInt64(String(decoding: generationLine, as: UTF8.self), radix: 16) == generation else { return }
        while let line = lines.next() {
            if line.starts(with: "- ".utf8), line.count > 2 {
                let path = String(decoding: line.dropFirst(2), as: UTF8.self)
                entries[path] = nil
                changes[path] = .some(nil)
            } else if let (path, entry) = Self.entry(line) {
                entries[path] = entry
                changes[path] = entry
            }
        }
    }

    /// The path and entry of the line `digest size mtime path`.
    private static func entry(_ line: UnsafeRawBufferPointer.SubSequence) -> (String, Entry)? {
        // Field by field where the spaces are: `split` made an array of the four per line.
        var rest = line
        /// The next field up to a space, and `rest` past that space; `nil` without one.
        func field() -> UnsafeRawBufferPointer.SubSequence? {
            guard let space = rest.firstIndex(of: UInt8(ascii: " ")) else { return nil }
            defer { rest = rest[(space + 1)...] }
            return rest[..<space]
        }
        guard let hashField = field(), let hash = ContentHash(hexBytes: hashField),
              let sizeField = field(), let size = Self.integer(sizeField),
              let modifiedField = field(), let modified = Self.integer(modifiedField),
              !rest.isEmpty else { return nil }
        return (String(decoding: rest, as: UTF8.self), Entry(hash: hash, size: Int(size), modified: modified))
    }

    /// A decimal number, as `Int64(_:)` reads it: an optional `-`, then digits.
    private static func integer(_ digits: UnsafeRawBufferPointer.SubSequence) -> Int64? {
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.count <= 18 else { return Int64(String(decoding: digits, as: UTF8.self)) }
        var value: Int64 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// The whole file's text, of generation `generation`; paths with a line break cannot be
    /// stored and are left out (their files are made anew each time).
    func serialized(generation: UInt64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + entries.count * 100)
        bytes += Self.header.utf8
        bytes.append(UInt8(ascii: "\n"))
        key.appendHex(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        bytes += String(generation, radix: 16).utf8
        bytes.append(UInt8(ascii: "\n"))
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) where !path.utf8.contains(UInt8(ascii: "\n")) {
            Self.append(path, entry, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The changes file's text: `changes` against the whole file of `generation`.
    func serializedChanges() -> String {
        var bytes: [UInt8] = []
        bytes += Self.changesHeader.utf8
        bytes.append(UInt8(ascii: "\n"))
        key.appendHex(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        bytes += String(generation ?? 0, radix: 16).utf8
        bytes.append(UInt8(ascii: "\n"))
        for (path, entry) in changes.sorted(by: { $0.key < $1.key }) where !path.utf8.contains(UInt8(ascii: "\n")) {
            if let entry {
                Self.append(path, entry, to: &bytes)
            } else {
                bytes += "- ".utf8
                bytes += path.utf8
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ path: String, _ entry: Entry, to bytes: inout [UInt8]) {
        entry.hash.appendHex(to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes += String(entry.size).utf8
        bytes.append(UInt8(ascii: " "))
        bytes += String(entry.modified).utf8
        bytes.append(UInt8(ascii: " "))
        bytes += path.utf8
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes the whole cache beside the site, with a new generation: a temporary file renamed
    /// into place, so a reader sees the whole old cache or the whole new one.
    func write(to file: URL) throws {
        try Self.write(serialized(generation: UInt64.random(in: 1...UInt64.max)), to: file)
    }

    /// Writes the changes file (`serializedChanges`) at `file`, as `write` does.
    func writeChanges(to file: URL) throws {
        try Self.write(serializedChanges(), to: file)
    }

    private static func write(_ text: String, to file: URL) throws {
        guard CacheFolder.prepare(for: file) else { throw FileWriter.Failure(path: file.deletingLastPathComponent().path, code: errno) }
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + "-\(getpid())")
        try FileWriter.write(text, to: temporary.path)
        if rename(temporary.path, file.path) != 0 {
            let code = errno
            unlink(temporary.path)
            throw FileWriter.Failure(path: file.path, code: code)
        }
    }
}

/// The lines of a cache file, split on `\n` (the last one may be empty).
private struct CacheLines: IteratorProtocol {
    private let bytes: UnsafeRawBufferPointer
    private var start = 0
    private var done = false

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func next() -> UnsafeRawBufferPointer.SubSequence? {
        guard !done else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let line = bytes[start..<end]
        if end >= bytes.count { done = true }
        start = end + 1
        return line
    }
}

extension ContentHash {
    /// Reads the 32 lower- or upper-case hex digits `description` writes.
    init?(hexBytes digits: UnsafeRawBufferPointer.SubSequence) {
        guard digits.count == 32 else { return nil }
        // Two words in locals: an array of them was an allocation per line of the build cache.
        var high: UInt64 = 0, low: UInt64 = 0
        for (index, byte) in digits.enumerated() {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            if index < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
        }
        self.init(high: high, low: low)
    }

    /// Appends the 32 lower-case hex digits of `description`.
    func appendHex(to bytes: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        for word in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) { bytes.append(digits[Int(word >> UInt64(shift) & 0xF)]) }
        }
    }
}
