import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-file parse cache of a build: for every Markdown file, its path, the digest of its
/// bytes, its `FileStamp`, and its parse (document and diagnostics) in a compact binary record.
/// A rebuild takes a file whose stamp is unchanged, or whose bytes have the same digest, from
/// the cache instead of parsing it; only changed files reach cmark-gfm and libyaml. What comes
/// out is what a parse gives, equal in every field (`ParseCacheTests`).
///
/// The cache is a folder of `shardCount` files (`ParseCacheFile`), each file's entry in the one
/// its path's digest picks: a rebuild after one change rewrites one shard of about a sixty-fourth
/// of the cache, not all of it (for agentic-awesome-skills the cache is 57 MB).
///
/// The loader takes one (`CollectionLoader.load(root:config:cache:)`), asks it per file, and
/// hands it the load's outcomes, which it saves at once, so its memory is given back before the
/// rest of the build. The build command makes it in the build's cache folder (`CacheFolder`). A
/// shard that is missing, foreign (another program, another libcmark-gfm), truncated or damaged
/// is not used, wholly or for its damaged records, and says so in `notes`; its files are parsed
/// as without it.
public final class ParseCache: @unchecked Sendable {
    /// The cache's folder name in the build's cache folder.
    public static let folderName = "parse"
    /// Shards of the cache; part of its format (`ParseCacheKey.format`).
    static let shardCount = 64

    public let folder: URL
    let key: ContentHash
    /// The graph's cache of the same build, beside this one in the build's cache folder: what the
    /// graph made of each document (`GraphCache`), read and written as this cache is.
    public let graph: GraphCache
    /// When this build began, before it looked at any file.
    let startedAt: Int64
    /// The shards read, by index (`nil` for a shard missing or not used).
    private var shards: [ParseCacheFile?]
    /// Shards there but not used (damaged, foreign): rewritten, or removed, by `finish`.
    private var unusable: Set<Int> = []
    /// Every entry of the shards read, with its shard.
    private var previous: [String: (shard: Int, entry: ParseCacheFile.Entry)] = [:]
    private var finished = false
    private var reusedCount = 0
    private var parsedCount = 0
    private var readCount = 0
    private var damage: [String] = []
    private var saveProblem: String?
    private var saveSeconds = 0.0
    private var shardsWritten = 0
    /// Parses taken ahead, while the loader walks the content root (`takeAhead`), by path.
    private var ahead: [String: (CollectionLoader.ParseResult, Outcome)] = [:]
    private let takingAhead = DispatchGroup()
    /// Files whose cached parse was found damaged: not decoded (nor reported) again.
    private var damagedPaths: Set<String> = []
    private let lock = NSLock()
    /// Done when the shards are read: they are read on other threads while the loader walks
    /// the content root (one thread), and everything that reads them waits for it first.
    private let reading = DispatchGroup()

    /// Reads the cache in `folder`; `reuse: false` (`--full`) reads nothing, and the cache saved
    /// afterwards holds this build's parses.
    public convenience init(folder: URL, key: ContentHash = ParseCacheKey.current, reuse: Bool = true) {
        self.init(folder: folder, key: key, reuse: reuse, startedAt: FileStamp.now())
    }

    /// `startedAt` other than now lets tests make files look settled long ago.
    init(folder: URL, key: ContentHash, reuse: Bool, startedAt: Int64) {
        self.folder = folder
        self.key = key
        self.startedAt = startedAt
        graph = GraphCache(file: folder.deletingLastPathComponent().appendingPathComponent(GraphCache.fileName), key: key, reuse: reuse)
        shards = Array(repeating: nil, count: Self.shardCount)
        guard reuse else { return }
        DispatchQueue.global().async(group: reading) { self.readShards() }
    }

    private func readShards() {
        let folder = folder, key = key
        let read = Parallel.map(Self.shardCount, minimumChunk: 8) { index -> Result<ParseCacheFile?, CacheDamage> in
            let file = Self.shardFile(index, in: folder)
            do throws(CacheDamage) {
                return .success(try ParseCacheFile.read(file, key: key))
            } catch {
                return .failure(error)
            }
        }
        // Sized once for every shard's entries, not grown shard by shard.
        previous.reserveCapacity(read.reduce(0) { count, result in
            guard case .success(let shard?) = result else { return count }
            return count + shard.entries.count
        })
        for (index, result) in read.enumerated() {
            switch result {
            case .success(let shard):
                shards[index] = shard
                for (path, entry) in shard?.entries ?? [:] { previous[path] = (index, entry) }
            case .failure(let problem):
                unusable.insert(index)
                damage.append("\(Self.shardFile(index, in: folder).path) not used (\(problem)); its files were parsed")
            }
        }
    }

    static func shard(of path: String) -> Int {
        var hasher = ContentHasher()
        hasher.add(path)
        return Int(hasher.finalize().low % UInt64(shardCount))
    }

    static func shardFile(_ index: Int, in folder: URL) -> URL {
        folder.appendingPathComponent(String(format: "%02x", index))
    }

    /// What a `--verbose` build prints: how many files the cache saved parsing, any shard that
    /// was not used and why, and what saving it took; then the graph cache's notes.
    public var notes: [String] {
        reading.wait()
        let own = lock.withLock {
            var notes = damage
            if finished {
                notes.append("parse cache: \(reusedCount) file\(reusedCount == 1 ? "" : "s") reused, \(parsedCount) parsed; "
                    + (saveProblem.map { "not saved: \($0)" }
                        ?? "\(shardsWritten) of \(Self.shardCount) shards written in \(StepLog.format(saveSeconds))"))
            }
            return notes
        }
        return own + graph.notes
    }

    /// Files taken from the cache, files parsed, and files whose bytes were read, by the last load.
    public var counts: (reused: Int, parsed: Int, read: Int) { lock.withLock { (reusedCount, parsedCount, readCount) } }

    // MARK: - For the loader, on all cores

    /// What the loader learnt of one file, kept for the next build.
    typealias Outcome = ParseCacheFile.Outgoing

    /// Starts taking from the cache every file it holds whose stamp is the one recorded and was
    /// settled when recorded (as `parse(of:in:stamp:)` takes it), on other threads, while the
    /// loader walks the content root (`folder`, ending in `/`) on its own: the walk is serial,
    /// and it was what decoding waited for once the shards were read in part (perf, a rebuild of
    /// agentic-awesome-skills: 27 ms of one core, the other idle). The loader takes these after
    /// the walk (`waitForTakenAhead`, `takenAhead`); a file the walk does not list is let go.
    func takeAhead(folder: String) {
        DispatchQueue.global().async(group: takingAhead) {
            self.reading.wait()
            let candidates = Array(self.previous.keys)
            // The stamps on more threads than cores: a `stat` whose inode is no longer in memory
            // waits for the disk (`Parallel.mapWaiting`). The cached parses are decoded on the cores.
            let stamps = Parallel.mapWaiting(candidates.count, minimumChunk: 64) { FileStamp(path: folder + candidates[$0]) }
            let taken = Parallel.map(candidates.count, minimumChunk: 16) { index -> (CollectionLoader.ParseResult, Outcome)? in
                guard let stamp = stamps[index] else { return nil }
                return self.parse(of: candidates[index], in: folder, stamp: stamp)
            }
            var ahead: [String: (CollectionLoader.ParseResult, Outcome)] = [:]
            ahead.reserveCapacity(taken.count)
            for (index, hit) in taken.enumerated() { if let hit { ahead[candidates[index]] = hit } }
            self.lock.withLock { self.ahead = ahead }
        }
    }

    /// Waits for `takeAhead` to be done; without it, `takenAhead` has nothing.
    func waitForTakenAhead() {
        takingAhead.wait()
    }

    /// The parse of `path` taken ahead, if it was (after `waitForTakenAhead`; read-only from then
    /// on, so from any thread).
    func takenAhead(_ path: String) -> (CollectionLoader.ParseResult, Outcome)? {
        ahead[path]
    }

    /// The cached parse of `path` when its stamp is the one recorded, and it was settled when
    /// recorded: the file is then not read at all.
    func parse(of path: String, in folder: String, stamp: FileStamp) -> (CollectionLoader.ParseResult, Outcome)? {
        reading.wait()
        guard let (shard, entry) = previous[path], entry.stamp == stamp, let file = shards[shard],
              stamp.isSettled(before: file.recordedAt) else { return nil }
        return decoded(path, in: folder, entry, in: file, shard: shard).map {
            ($0, Outcome(path: path, digest: entry.digest, stamp: stamp, record: .kept(entry), wasRead: false))
        }
    }

    /// The cached parse of `path` when its bytes, just read, have the digest recorded.
    func parse(of path: String, in folder: String, digest: ContentHash, stamp: FileStamp) -> (CollectionLoader.ParseResult, Outcome)? {
        reading.wait()
        guard let (shard, entry) = previous[path], entry.digest == digest, let file = shards[shard] else { return nil }
        return decoded(path, in: folder, entry, in: file, shard: shard).map {
            ($0, Outcome(path: path, digest: digest, stamp: stamp, record: .kept(entry)))
        }
    }

    /// A file parsed by this build, encoded for the next. The document keeps the digest of its
    /// rules, which the encoding made (`MarkdownDocument.rulesDigest`).
    func outcome(parsed result: inout CollectionLoader.ParseResult, path: String, digest: ContentHash, stamp: FileStamp) -> Outcome {
        var writer = BinaryWriter()
        let rulesDigest = writer.write(result)
        result.document?.knownRulesDigest = rulesDigest
        let (own, trailing) = writer.split()
        var ownDigest = CachePayloadDigest()
        for part in own { part.withUnsafeBytes { ownDigest.add($0) } }
        return Outcome(path: path, digest: digest, stamp: stamp,
                       record: .encoded(own: own, ownDigest: ownDigest.finalize(), trailing: trailing))
    }

    /// The parse the record of `entry` holds: its own record, read with the shard, is checked
    /// against its digest; its document's tree and rules are read, checked and decoded when first
    /// read, from the shard's file, which stays open until then. Should a tree or the rules then
    /// not be there as recorded, the file at `folder` + `path` is parsed for them, and the shard
    /// is removed so that the next build parses its files afresh.
    private func decoded(_ path: String, in folder: String, _ entry: ParseCacheFile.Entry,
                         in file: ParseCacheFile, shard: Int) -> CollectionLoader.ParseResult? {
        if lock.withLock({ damagedPaths.contains(path) }) { return nil }
        let opened = file.file
        let trailingStart = entry.trailing.lowerBound
        let trailingEnd = entry.trailing.upperBound
        /// The bytes of a trailing record, or `nil` when they are not there.
        @Sendable func bytes(_ record: TrailingRecord) -> [UInt8]? {
            guard record.offset <= trailingEnd - trailingStart, record.length <= trailingEnd - trailingStart - record.offset
            else { return nil }
            return opened.read(trailingStart + record.offset..<trailingStart + record.offset + record.length)
        }
        /// A trailing record decoded when first asked for; when its bytes are missing or damaged,
        /// the file is noted as damaged and parsed again for the value (`reparsed`).
        @Sendable func trailing<Value>(_ record: TrailingRecord, _ kind: String,
                                       decode: (UnsafeRawBufferPointer) throws -> Value,
                                       reparsed: (MarkdownDocument?) -> Value) -> Value {
            if let value = bytes(record)?.withUnsafeBytes({ try? decode($0) }) { return value }
            damagedLater(path, kind, shard: shard)
            return reparsed(CollectionLoader.parseFile(path, folder: folder).document)
        }
        do throws(CacheDamage) {
            var result = try withExtendedLifetime(file.ownMemory) {
                Result { () throws(CacheDamage) in
                    let own = UnsafeRawBufferPointer(rebasing: file.own[entry.own])
                    var check = CachePayloadDigest()
                    check.add(own)
                    guard check.finalize() == entry.ownDigest else { throw CacheDamage("damaged record") }
                    var reader = try BinaryReader(record: own)
                    // One lock for the three: none of their decoders reads another.
                    let lock = NSLock()
                    reader.lazyTree = { record in
                        MarkdownTree(blockCount: record.count, lock: lock) {
                            trailing(record, "tree", decode: { try MarkdownTree.parts(record: $0, digest: record.digest, blockCount: record.count) },
                                     reparsed: { $0?.tree.parts ?? MarkdownTreeParts(blocks: [], codeBlocks: [], tables: []) })
                        }
                    }
                    reader.lazyRules = { record in
                        MarkdownRules(count: record.count, lock: lock) {
                            trailing(record, "rules", decode: { try MarkdownRules.rules(record: $0, digest: record.digest, count: record.count) },
                                     reparsed: { $0?.rules ?? [] })
                        }
                    }
                    reader.lazyHeadedLists = { record in
                        MarkdownHeadedLists(count: record.count, lock: lock) {
                            trailing(record, "headed lists", decode: { try MarkdownHeadedLists.lists(record: $0, digest: record.digest, count: record.count) },
                                     reparsed: { $0?.headedLists ?? [] })
                        }
                    }
                    let result = try reader.fileParse()
                    guard reader.isAtEnd else { throw CacheDamage("damaged record") }
                    return result
                }
            }.get()
            // The digest the record was made from, as the loader sets it on a document it parses.
            result.document?.sourceDigest = entry.digest
            return result
        } catch {
            lock.withLock {
                damagedPaths.insert(path)
                damage.append("the cached parse of \(path) not used (\(error)); the file was parsed")
            }
            return nil
        }
    }

    /// A trailing record found damaged when read, after the load: says so, and removes its shard
    /// (which this build may have written again, with the same record), so the next build parses
    /// the shard's files instead of finding the damage again.
    private func damagedLater(_ path: String, _ what: String, shard: Int) {
        lock.withLock { damage.append("the cached \(what) of \(path) not used (damaged); the file was parsed") }
        unlink(Self.shardFile(shard, in: folder).path)
    }

    /// One shard's outcomes, emptied by the thread that writes the shard.
    private final class ShardOutcomes: @unchecked Sendable {
        var outcomes: [Outcome]
        init(_ outcomes: [Outcome]) { self.outcomes = outcomes }
    }

    /// Takes what the load found (one outcome per file, in the loader's order; `nil` for a
    /// file that could not be read, which is not cached), writes the shards it changed, and
    /// lets go of the shards read. A shard that cannot be written costs the next build its
    /// reuse, nothing else; `notes` says why. `outcomes` is emptied: the records a shard holds
    /// are let go on the thread that wrote the shard (on the loader's thread, freeing the
    /// records of 10,000 synthetic skills took 144 ms).
    func finish(_ outcomes: inout [Outcome?]) {
        reading.wait()
        takingAhead.wait()
        let start = DispatchTime.now().uptimeNanoseconds
        let total = outcomes.count
        var reused = 0, notRead = 0, cached = 0
        var byShard = Array(repeating: [Outcome](), count: Self.shardCount)
        for outcome in outcomes {
            guard let outcome else { continue }
            cached += 1
            if case .kept = outcome.record { reused += 1 }
            if !outcome.wasRead { notRead += 1 }
            byShard[Self.shard(of: outcome.path)].append(outcome)
        }
        outcomes = []
        let changed = (0..<Self.shardCount).filter { index in
            let previousCount = shards[index]?.entries.count ?? 0
            // Unchanged: the same files, each taken by its stamp from this very shard.
            return unusable.contains(index) || !(byShard[index].count == previousCount && byShard[index].allSatisfy { outcome in
                if case .kept = outcome.record { return !outcome.wasRead }
                return false
            })
        }
        let held = byShard.map(ShardOutcomes.init)
        byShard = []
        var problem: String?
        if !changed.isEmpty {
            if !CacheFolder.prepare(for: folder) || !CacheFolder.prepare(for: Self.shardFile(0, in: folder)) {
                problem = "cannot create \(folder.path): \(String(cString: strerror(errno)))"
            } else {
                let problems = Parallel.map(changed.count, minimumChunk: 1) { position -> String? in
                    let index = changed[position]
                    let file = Self.shardFile(index, in: folder)
                    defer { held[index].outcomes = [] }
                    do {
                        if held[index].outcomes.isEmpty {
                            if unlink(file.path) != 0, errno != ENOENT { throw CacheWriteError(path: file.path, code: errno) }
                        } else {
                            try ParseCacheFile.write(held[index].outcomes, key: key, recordedAt: startedAt,
                                                     previous: shards[index], to: file)
                        }
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
                problem = problems.compactMap { $0 }.first
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        lock.withLock {
            finished = true
            reusedCount = reused
            parsedCount = total - reused
            readCount = total - notRead
            saveProblem = problem
            saveSeconds = seconds
            shardsWritten = problem == nil ? changed.count : 0
            // The shards' bytes are no longer needed: give them back before the rest of the build.
            shards = Array(repeating: nil, count: Self.shardCount)
            previous = [:]
            unusable = []
            ahead = [:]
        }
    }
}
