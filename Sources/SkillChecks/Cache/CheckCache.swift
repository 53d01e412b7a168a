import Foundation
import SkillParser

/// The findings of the document checks (`DocumentCheck`) of one build, per file, kept in the
/// build cache folder (`.OUT.skillbook-cache/check`) so that a rebuild runs them on the changed
/// files only. A file's findings are reused when its path and the digest of its bytes are the
/// ones they were made from, and the cache was made under the same `CheckWorld` key (the file's
/// key); anything else is checked anew, so a rebuild finds what a full run finds.
public struct CheckCache: Sendable {
    public static let fileName = "check"
    static let kind = CacheFile.Kind(magic: "SKBCHECK", format: 1, name: "check cache")

    /// `CheckWorld.key` of the run that made it.
    public var key: ContentHash
    var entries: [String: FindingsRecord.Entry] = [:]

    init(key: ContentHash, entries: [FindingsRecord.Entry]) {
        self.key = key
        for entry in entries { self.entries[entry.path] = entry }
    }

    /// The cache kept in `file`, or `nil` when there is none; throws, saying why, when one is
    /// there but made under another key (another program, other skills) or damaged.
    public static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> CheckCache? {
        guard let payload = try CacheFile.read(file, kind: kind, key: key) else { return nil }
        let decoded = payload.withUnsafeBytes { bytes in Result { () throws(CacheDamage) in try FindingsRecord.decode(bytes) } }
        return CheckCache(key: key, entries: try decoded.get())
    }

    /// Writes the cache to `file` (`CacheFile.write`: renamed into place).
    public func write(to file: URL) throws {
        let sorted = entries.values.sorted { $0.path < $1.path }
        try CacheFile.write(to: file, kind: Self.kind, key: key) { output in
            try output.write(FindingsRecord.encode(sorted))
        }
    }

    /// Number of files it holds, for `--verbose`.
    public var count: Int { entries.count }
}
