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

    /// The cache at `file`, or `nil` when there is none or it is not one of ours.
    static func read(_ file: URL) -> BuildCache? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == Substring(header), let keyLine = lines.popFirst(),
              let key = ContentHash(hex: keyLine) else { return nil }
        var cache = BuildCache(key: key)
        for line in lines {
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let hash = ContentHash(hex: fields[0]), let size = Int(fields[1]),
                  let modified = Int64(fields[2]), !fields[3].isEmpty else { continue }
            cache.entries[String(fields[3])] = Entry(hash: hash, size: size, modified: modified)
        }
        return cache
    }

    /// The file's text; paths with a line break cannot be stored and are left out (their files
    /// are made anew each time).
    func serialized() -> String {
        var text = Self.header + "\n" + key.description + "\n"
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) where !path.contains("\n") {
            text += "\(entry.hash) \(entry.size) \(entry.modified) \(path)\n"
        }
        return text
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
