import Foundation

/// What the graph worked out for each document in the last build (its resolved references, which
/// of its lists are related-skills lists, its edges), kept for the next build: a rebuild after one
/// changed file takes the other documents' results from here instead of resolving every link of
/// the collection again. In a rebuild of agentic-awesome-skills, resolving, finding related lists
/// and deriving edges for all 4,350 documents was ~80 ms of processor time (perf), for one changed file.
///
/// A document's results are taken only when nothing they were made from has changed:
/// - its bytes (`MarkdownDocument.sourceDigest`, the entry's digest);
/// - the world its links resolve in (`GraphWorld`): every document, skill and walked folder's
///   listing, `site_root` and `related_headings`; a file added or removed anywhere, a renamed
///   skill, recomputes every document;
/// - the folders listed beyond the walk (a link into a hidden folder), listed again and compared;
/// - the anchors of every document one of its links found an anchor in (their digest, recorded
///   per document): a renamed heading recomputes the documents that link into its file.
/// What a file on disk is (file, folder, symbolic link out of the root) is not recorded: such
/// references are resolved again each time (`GraphRecord.Reference.live`).
///
/// The file (`CacheFile`, payload digested) holds the world's digest, the folders beyond the
/// walk with their listings' digests, then one entry per document in the graph's order (its
/// digest, its anchors' digest and its record's length), then the records. A file missing, foreign or damaged is not
/// used (`notes` says why when it is there): every document is resolved, as without a cache.
public final class GraphCache: @unchecked Sendable {
    /// The cache's file name in the build's cache folder.
    public static let fileName = "graph"
    static let kind = CacheFile.Kind(magic: "SKBGRAPH", format: 2, name: "graph cache")

    public let file: URL
    let key: ContentHash
    private let reading = DispatchGroup()
    private var read: Result<Saved?, CacheDamage> = .success(nil)
    private let lock = NSLock()
    private var noteList: [String] = []

    /// Starts reading `file` on another thread; `reuse: false` (`--full`) reads nothing, and the
    /// cache saved afterwards holds this build's results.
    public init(file: URL, key: ContentHash, reuse: Bool = true) {
        self.file = file
        self.key = key
        guard reuse else { return }
        DispatchQueue.global().async(group: reading) {
            let read = Result { () throws(CacheDamage) in try Self.read(file, key: key) }
            self.lock.withLock { self.read = read }
        }
    }

    /// What a `--verbose` build prints: a file not used and why; how many documents' results were
    /// reused.
    public var notes: [String] { lock.withLock { noteList } }

    func note(_ text: String) {
        lock.withLock { noteList.append(text) }
    }

    /// A saved cache: the world it was made in, and each document's entry in the graph's order.
    struct Saved: Sendable {
        var world: ContentHash
        var beyondWalk: [(folder: String, digest: ContentHash)]
        var entries: [Entry]
        var payload: [UInt8]

        struct Entry: Sendable {
            /// `nil` for a document the cache holds nothing of.
            var digest: Digest?
            var record: Range<Int>
        }
    }

    /// A document's `sourceDigest`, and the digest of its anchors (`GraphWorld.digest(of:)`),
    /// which other documents' records compare theirs with: kept, the anchors of an unchanged
    /// document need not be found to know them.
    struct Digest: Sendable {
        var content: ContentHash
        var anchors: ContentHash
    }

    /// The saved cache when it was made in `world` and the folders it listed beyond the walk
    /// list the same now; else `nil` (with a note when the file was damaged).
    func saved(world: ContentHash, files: FileIndex) -> Saved? {
        reading.wait()
        switch lock.withLock({ read }) {
        case .failure(let problem):
            note("\(file.path) not used (\(problem)); every document's links were resolved")
            return nil
        case .success(let saved):
            guard let saved, saved.world == world,
                  saved.beyondWalk.allSatisfy({ files.listingDigest(of: $0.folder) == $0.digest }) else { return nil }
            return saved
        }
    }

    private static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> Saved? {
        guard let payload = try CacheFile.read(file, kind: kind, key: key) else { return nil }
        return try payload.withUnsafeBytes { bytes in
            Result { () throws(CacheDamage) in
                var reader = try BinaryReader(record: bytes)
                let world = ContentHash(high: try reader.word(), low: try reader.word())
                let beyondWalk = try reader.array { (reader: inout BinaryReader) throws(CacheDamage) in
                    (folder: try reader.string(), digest: ContentHash(high: try reader.word(), low: try reader.word()))
                }
                let count = try reader.count()
                var entries: [Saved.Entry] = []
                entries.reserveCapacity(count)
                var offset = 0
                for _ in 0..<count {
                    let digest = try reader.bool()
                        ? Digest(content: ContentHash(high: try reader.word(), low: try reader.word()),
                                 anchors: ContentHash(high: try reader.word(), low: try reader.word())) : nil
                    let length = try reader.count()
                    entries.append(Saved.Entry(digest: digest, record: offset..<offset + length))
                    offset += length
                }
                let records = try reader.skip(offset)
                guard reader.isAtEnd else { throw CacheDamage("its records do not parse") }
                for index in entries.indices {
                    entries[index].record = entries[index].record.lowerBound + records.lowerBound
                        ..< entries[index].record.upperBound + records.lowerBound
                }
                return Saved(world: world, beyondWalk: beyondWalk, entries: entries, payload: payload)
            }
        }.get()
    }

    /// One document's record in the cache to write: taken from the saved cache, made by this
    /// build, or none (a document read from no file).
    enum Outgoing {
        case kept(Digest, Range<Int>)
        case encoded(Digest, [UInt8])
        case none
    }

    /// Writes the cache of this build; a failure costs the next build its reuse, and says so.
    func save(world: ContentHash, beyondWalk: [(folder: String, digest: ContentHash)], records: [Outgoing], saved: Saved?) {
        guard CacheFolder.prepare(for: file) else {
            note("\(file.path) not saved: cannot create its folder")
            return
        }
        var front = BinaryWriter()
        front.word(world.high)
        front.word(world.low)
        front.count(beyondWalk.count)
        for (folder, digest) in beyondWalk {
            front.string(folder)
            front.word(digest.high)
            front.word(digest.low)
        }
        front.count(records.count)
        for record in records {
            switch record {
            case .kept(let digest, let range):
                front.write(digest)
                front.count(range.count)
            case .encoded(let digest, let bytes):
                front.write(digest)
                front.count(bytes.count)
            case .none:
                front.bool(false)
                front.count(0)
            }
        }
        do {
            try CacheFile.write(to: file, kind: Self.kind, key: key) { output in
                for part in front.parts() { try output.write(part) }
                for record in records {
                    switch record {
                    case .kept(_, let range): if let saved { try output.write(saved.payload[range]) }
                    case .encoded(_, let bytes): try output.write(bytes)
                    case .none: break
                    }
                }
            }
        } catch {
            note("\(file.path) not saved: \(error)")
        }
    }
}

extension BinaryWriter {
    fileprivate mutating func write(_ digest: GraphCache.Digest) {
        bool(true)
        for hash in [digest.content, digest.anchors] {
            word(hash.high)
            word(hash.low)
        }
    }
}
