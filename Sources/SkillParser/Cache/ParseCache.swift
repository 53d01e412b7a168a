import Foundation

/// The per-file parse cache of a build: for every Markdown file, its path, the digest of its
/// bytes, its `FileStamp`, and its parse (document and diagnostics) in a compact binary record.
/// A rebuild takes a file whose stamp is unchanged, or whose bytes have the same digest, from
/// the cache instead of parsing it; only changed files reach cmark-gfm and libyaml. What comes
/// out is what a parse gives, equal in every field (`ParseCacheTests`).
///
/// The loader takes one (`CollectionLoader.load(root:config:cache:)`) and asks it per file; the
/// build command makes it, in the build's cache folder (`CacheFolder`), and saves it after the
/// build. A cache that is missing, foreign (another program, another libcmark-gfm), truncated or
/// damaged is not used, wholly or for the damaged records, and says so in `notes`; the files are
/// parsed as without it.
public final class ParseCache: @unchecked Sendable {
    /// The cache file's name in the cache folder.
    public static let fileName = "parse"

    public let file: URL
    let key: ContentHash
    /// When this build began, before it looked at any file.
    let startedAt: Int64
    private let previous: ParseCacheFile?
    private var outgoing: [ParseCacheFile.Outgoing]?
    private var reusedCount = 0
    private var parsedCount = 0
    private var readCount = 0
    private var damage: [String] = []
    private let lock = NSLock()

    /// Reads the cache at `file`; `reuse: false` (`--full`) reads nothing, and the cache saved
    /// afterwards holds this build's parses.
    public convenience init(file: URL, key: ContentHash = ParseCacheKey.current, reuse: Bool = true) {
        self.init(file: file, key: key, reuse: reuse, startedAt: FileStamp.now())
    }

    /// `startedAt` other than now lets tests make files look settled long ago.
    init(file: URL, key: ContentHash, reuse: Bool, startedAt: Int64) {
        self.file = file
        self.key = key
        self.startedAt = startedAt
        var previous: ParseCacheFile?
        if reuse {
            do {
                previous = try ParseCacheFile.read(file, key: key)
            } catch {
                damage.append("\(file.path) not used (\(error)); every file parsed")
            }
        }
        self.previous = previous
    }

    /// What a `--verbose` build prints: how many files the cache saved parsing, and any cache
    /// that was not used and why.
    public var notes: [String] {
        lock.withLock {
            var notes = damage
            if outgoing != nil {
                notes.append("parse cache: \(reusedCount) file\(reusedCount == 1 ? "" : "s") reused, \(parsedCount) parsed")
            }
            return notes
        }
    }

    /// Files taken from the cache, files parsed, and files whose bytes were read, by the last load.
    public var counts: (reused: Int, parsed: Int, read: Int) { lock.withLock { (reusedCount, parsedCount, readCount) } }

    // MARK: - For the loader, on all cores

    /// What the loader learnt of one file, kept for `save`.
    typealias Outcome = ParseCacheFile.Outgoing

    /// The cached parse of `path` when its stamp is the one recorded, and it was settled when
    /// recorded: the file is then not read at all.
    func parse(of path: String, stamp: FileStamp) -> (CollectionLoader.ParseResult, Outcome)? {
        guard let previous, let entry = previous.entries[path], entry.stamp == stamp,
              stamp.isSettled(before: previous.recordedAt) else { return nil }
        return decoded(path, entry).map {
            ($0, Outcome(path: path, digest: entry.digest, stamp: stamp, record: .kept(entry), wasRead: false))
        }
    }

    /// The cached parse of `path` when its bytes, just read, have the digest recorded.
    func parse(of path: String, digest: ContentHash, stamp: FileStamp) -> (CollectionLoader.ParseResult, Outcome)? {
        guard let previous, let entry = previous.entries[path], entry.digest == digest else { return nil }
        return decoded(path, entry).map { ($0, Outcome(path: path, digest: digest, stamp: stamp, record: .kept(entry))) }
    }

    /// A file parsed by this build, encoded for the next.
    func outcome(parsed result: CollectionLoader.ParseResult, path: String, digest: ContentHash, stamp: FileStamp) -> Outcome {
        var writer = BinaryWriter()
        writer.write(result)
        return Outcome(path: path, digest: digest, stamp: stamp, record: .encoded(writer.finished()))
    }

    private func decoded(_ path: String, _ entry: ParseCacheFile.Entry) -> CollectionLoader.ParseResult? {
        guard let previous else { return nil }
        let record = UnsafeRawBufferPointer(rebasing: previous.bytes.buffer[entry.record])
        do throws(CacheDamage) {
            guard ContentHasher.hash(record) == entry.recordDigest else { throw CacheDamage("damaged record") }
            var reader = try BinaryReader(record: record)
            let result = try reader.fileParse()
            guard reader.isAtEnd else { throw CacheDamage("damaged record") }
            return result
        } catch {
            lock.withLock { damage.append("\(file.path): the record of \(path) not used (\(error)); the file was parsed") }
            return nil
        }
    }

    /// Records what the load found: one outcome per file read or reused, in the loader's order
    /// (`nil` for a file that could not be read, which is not cached).
    func finish(_ outcomes: [Outcome?]) {
        let kept = outcomes.compactMap { $0 }
        let reused = kept.filter { if case .kept = $0.record { true } else { false } }.count
        lock.withLock {
            reusedCount = reused
            readCount = outcomes.count - kept.filter { !$0.wasRead }.count
            parsedCount = outcomes.count - reused
            outgoing = kept
        }
    }

    /// Writes the cache for the next build, unless it would hold what the file read already
    /// does. A cache that cannot be written costs the next build its reuse, nothing else.
    public func save() throws {
        guard let outgoing = lock.withLock({ outgoing }) else { return }
        if let previous, outgoing.count == previous.entries.count, outgoing.allSatisfy({ entry in
            if case .kept(let old) = entry.record { return old.stamp == entry.stamp && !entry.wasRead }
            return false
        }) { return }
        guard CacheFolder.prepare(for: file) else { throw CacheWriteError(path: file.deletingLastPathComponent().path, code: errno) }
        try ParseCacheFile.write(outgoing, key: key, recordedAt: startedAt, previous: previous?.bytes, to: file)
    }
}
