import Foundation
import SkillParser

/// The build cache: for every file of the last site, the digest of what it was made from, and
/// the size and modification time it had when written. It is the file `site` of the cache folder
/// beside the output folder (`.OUT.skillbook-cache/site`, see `CacheFolder`), so it is never
/// published; a build reads it to reuse unchanged files of the previous site, and replaces it
/// once the new site is in place.
///
/// A text file, one line per file: `digest size mtime path`, after a header line and the key
/// of the build (the tool and the theme; see `BuildKey`). A cache with another header or key is
/// ignored, as is a line that does not parse: the build then makes those files anew.
struct BuildCache: Sendable {
    struct Entry: Sendable, Hashable {
        var hash: ContentHash
        var size: Int
        /// Nanoseconds since 1970: a file edited by hand in the site keeps neither.
        var modified: Int64
    }

    static let header = "skillbook build cache 1"

    var key: ContentHash
    var entries: [String: Entry] = [:]

    init(key: ContentHash, entries: [String: Entry] = [:]) {
        self.key = key
        self.entries = entries
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

    /// The cache at `file`, or `nil` when there is none or it is not one of ours.
    static func read(_ file: URL) -> BuildCache? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return data.withUnsafeBytes { parse($0) }
    }

    /// Reads the text `serialized` writes, on bytes: a cache has a line per file of the site
    /// (15,500 on the largest collection), read at the start of every rebuild.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> BuildCache? {
        var lines = CacheLines(bytes)
        guard let first = lines.next(), first.elementsEqual(header.utf8),
              let keyLine = lines.next(), let key = ContentHash(hexBytes: keyLine) else { return nil }
        var cache = BuildCache(key: key)
        cache.entries.reserveCapacity(bytes.count / 80)
        while let line = lines.next() {
            var fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)[...]
            guard fields.count == 4, let hash = ContentHash(hexBytes: fields.removeFirst()),
                  let size = Self.integer(fields.removeFirst()), let modified = Self.integer(fields.removeFirst()),
                  let path = fields.first, !path.isEmpty else { continue }
            cache.entries[String(decoding: path, as: UTF8.self)] = Entry(hash: hash, size: Int(size), modified: modified)
        }
        return cache
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

    /// The file's text; paths with a line break cannot be stored and are left out (their files
    /// are made anew each time).
    func serialized() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + entries.count * 100)
        bytes += Self.header.utf8
        bytes.append(UInt8(ascii: "\n"))
        key.appendHex(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) where !path.utf8.contains(UInt8(ascii: "\n")) {
            entry.hash.appendHex(to: &bytes)
            bytes.append(UInt8(ascii: " "))
            bytes += String(entry.size).utf8
            bytes.append(UInt8(ascii: " "))
            bytes += String(entry.modified).utf8
            bytes.append(UInt8(ascii: " "))
            bytes += path.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the cache beside the site: a temporary file renamed into place, so a reader sees
    /// the whole old cache or the whole new one.
    func write(to file: URL) throws {
        guard CacheFolder.prepare(for: file) else { throw FileWriter.Failure(path: file.deletingLastPathComponent().path, code: errno) }
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + "-\(getpid())")
        try FileWriter.write(serialized(), to: temporary.path)
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
        var words: [UInt64] = [0, 0]
        for (index, byte) in digits.enumerated() {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            words[index / 16] = words[index / 16] << 4 | UInt64(value)
        }
        self.init(high: words[0], low: words[1])
    }

    /// Appends the 32 lower-case hex digits of `description`.
    func appendHex(to bytes: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        for word in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) { bytes.append(digits[Int(word >> UInt64(shift) & 0xF)]) }
        }
    }
}
