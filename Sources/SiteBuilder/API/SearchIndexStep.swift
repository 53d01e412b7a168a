import Foundation
import SkillParser
import SkillChecks
import SkillSearch

/// The build step that makes the search index (docs/search.md). It runs after the pages are
/// rendered and returns the files it adds to the site under `search/`, which the build writes
/// into the output folder, and their sizes, which the build prints. The default theme's
/// `assets/search.js` (the engine) and `assets/search-ui.js` (the search box, the results page
/// and the highlighting of matched words) read them.
public enum SearchIndexStep {
    public struct Output: Sendable {
        /// Site-relative paths of the files handed to `write` (`search/entry.js`, ...), sorted.
        public var paths: [String]
        public var sizes: SearchIndexSizes
        /// Documents indexed, and of those the ones split and counted by this build (the others'
        /// counts came from the build cache).
        public var documents: Int
        public var recounted: Int
        /// Whether the index was patched from the last build's (`SearchIndexState`), not assembled
        /// from every document's counts.
        public var patched: Bool
        /// Dictionary and postings files handed over as the last build wrote them, of all of
        /// them, and sample first queries whose files were the last build's, of all of them.
        public var unchangedFiles: Int
        public var termFiles: Int
        public var firstQueriesKept: Int
        public var firstQueries: Int
        /// Why the build cache's counts were not used, when they were there but unusable.
        public var cacheProblem: String?
        /// The index and the last build's counts and state, for a caller about to exit to keep
        /// rather than free term by term (`SiteBuilder.Summary.kept`).
        public var kept: (any Sendable)?
        /// The index's build cache files being written; the build waits for them before it ends.
        public var cacheWrites: BackgroundStep<Void>?
    }

    /// The folder of the site the index files go in.
    public static let folder = SearchIndexFiles.folder

    /// Site-relative paths, one in each folder the index writes into, for creating the folders first.
    public static var folderSamples: [String] {
        [SearchIndexFiles.entry, SearchIndexFiles.dictionary("0"), SearchIndexFiles.postings("0", 0), SearchIndexFiles.documents(0)]
            .map { folder + "/" + $0 }
    }

    /// Where the index keeps its counts between builds, and whether it may use those of the last one.
    public struct Cache: Sendable {
        public var file: URL
        public var reuse: Bool
        public init(file: URL, reuse: Bool) {
            self.file = file
            self.reuse = reuse
        }
    }

    /// The Markdown sources of `pages` (skill and document pages): what the index indexes.
    static func sources(of pages: [PlannedPage], graph: SkillGraph) -> Set<String> {
        Set(pages.compactMap { page -> String? in
            switch page.kind {
            case .document(let path): path
            case .skill(let index): graph.skills[index].skillFile
            default: nil
            }
        })
    }

    /// What the index step reads of the last build before it needs the graph or the pages: the
    /// counts, the row sizes and the assembled index (`SearchIndexBuilder.Reuse`); with the graph,
    /// this build's key of each document (`keyed(by:)`). A rebuild reads them beside the load
    /// step (`IndexAhead`).
    public struct Previous: Sendable {
        var reuse: SearchIndexBuilder.Reuse?

        /// Reads them from `cache` (nothing without one; no counts, rows or state when it may not
        /// be reused). `beforeAssembling` is called before an index that cannot be patched is
        /// assembled from every document's counts (`SearchIndexBuilder.Reuse.beforeAssembling`).
        public init(cache: Cache?, beforeAssembling: (@Sendable () -> Void)? = nil) {
            reuse = cache.map { cache in
                // The counts file is read whole only when the index is assembled from every
                // document's counts; a patch reads the records it needs where the state says.
                let counts = cache.reuse ? PreviousCounts(file: cache.file, program: ToolDigest.executable) {
                    previousCounts(cache.file)
                } : PreviousCounts(SearchIndexCache())
                var reuse = SearchIndexBuilder.Reuse(counts: counts, keys: [:],
                                                     rows: cache.reuse ? previousRows(rowsLocation(cache.file)) : nil,
                                                     state: cache.reuse ? previousState(stateLocation(cache.file)) : nil)
                reuse.beforeAssembling = beforeAssembling
                return reuse
            }
        }

        /// Reads them and keys the documents of `graph`.
        public init(graph: SkillGraph, cache: Cache?) {
            self.init(cache: cache)
            key(graph)
        }

        /// Gives each document of `graph` its key, by which its counts are found.
        public mutating func key(_ graph: SkillGraph) {
            reuse?.keys = documentKeys(graph)
        }
    }

    /// Indexes `sources`, the Markdown files of the site's pages (`sources(of:graph:)`: pages
    /// left out of the site are left out of the index), and hands each index file, by
    /// site-relative path, to `write` as soon as it is encoded, on all cores, with the digest of
    /// what it is made of (the site reuses the previous site's file of the same digest) and its
    /// contents, made when `write` asks for them. `write` says whether it took the file (the site
    /// may keep the path for another). With `cache`, the documents whose counts the last build
    /// kept (`SearchIndexCache`) are not split and counted again, the document rows whose sizes it
    /// kept (`SearchIndexRowSizes`) are encoded only for the files written, and this build's
    /// counts and sizes are kept for the next; `previous` is what was read of them already
    /// (`Previous`), or they are read here.
    public static func build(graph: SkillGraph, sources: Set<String>, cache: Cache? = nil, previous: Previous? = nil,
                             write: (_ path: String, _ digest: ContentHash, _ contents: () -> Data) throws -> Bool) throws -> Output {
        let written = WrittenPaths()
        var problem: String?
        let reuse = (previous ?? Previous(graph: graph, cache: cache)).reuse
        let keep = cache.map { cache in { (records: [SearchIndexCache.Record]) in save(records, to: cache.file) } }
        let built = try SearchIndexBuilder.buildAndWrite(graph: graph, sources: sources, reuse: reuse, keep: keep) { path, digest, contents in
            let taken: Bool
            if let digest {
                taken = try withoutActuallyEscaping(contents) { contents in try write(folder + "/" + path, digest) { Data(contents()) } }
            } else {
                let data = Data(contents())
                taken = try write(folder + "/" + path, .of(data)) { data }
            }
            if taken { written.add(folder + "/" + path) }
        }
        // Written on a thread of their own while the build goes on (the state, 14 MB for
        // agentic-awesome-skills, was the largest part of a patched rebuild's index step after
        // reading it); the build waits for them before it ends (`Output.cacheWrites`).
        let cacheWrites = cache.map { cache in
            BackgroundStep { [rowsChanged = built.rows != reuse?.rows, rows = built.rows, state = built.state] in
                // Written only when they changed, as the build's other cache files are.
                if rowsChanged, CacheFolder.prepare(for: cache.file) {
                    try? rows.write(to: rowsLocation(cache.file), program: ToolDigest.executable)
                }
                if CacheFolder.prepare(for: cache.file) {
                    // A state that is not this build's must not be patched by the next one.
                    if let state {
                        try? state.write(to: stateLocation(cache.file), program: ToolDigest.executable)
                    } else {
                        SearchIndexState.remove(stateLocation(cache.file))
                    }
                }
            }
        }
        problem = reuse?.counts.problem
        let output = Output(paths: written.sorted, sizes: built.summary,
                            documents: graph.documents.filter { sources.contains($0.path) }.count, recounted: built.recounted,
                            patched: built.patched, unchangedFiles: built.unchangedFiles,
                            termFiles: built.index.layout.dictionaryStarts.count + built.index.layout.postingsStarts.count,
                            firstQueriesKept: built.firstQueriesKept, firstQueries: built.firstQueries,
                            cacheProblem: problem,
                            // Freeing them (every section, every term's postings, the counts file)
                            // took a tenth of a second of one core at the end of a full build's
                            // step, and 37 of a rebuild's ~400 index samples.
                            kept: (built, reuse), cacheWrites: cacheWrites)
        return output
    }

    /// The index's file in the build cache of the output folder `output` (`.OUT.skillbook-cache/index`).
    static func cacheLocation(for output: URL) -> URL {
        CacheFolder.file("index", forOutput: output)
    }

    /// The file of the document rows' sizes beside the index's counts (`index-rows`).
    static func rowsLocation(_ cacheFile: URL) -> URL {
        cacheFile.deletingLastPathComponent().appendingPathComponent(cacheFile.lastPathComponent + "-rows")
    }

    /// The assembled index beside the counts (`index-state`), which a rebuild patches.
    static func stateLocation(_ cacheFile: URL) -> URL {
        cacheFile.deletingLastPathComponent().appendingPathComponent(cacheFile.lastPathComponent + "-state")
    }

    /// The index the last build assembled, or none when there is none or it is not this
    /// program's (then the rebuild assembles the index from every document's counts).
    static func previousState(_ file: URL) -> SearchIndexState? {
        (try? SearchIndexState.read(file, program: ToolDigest.executable)) ?? nil
    }

    /// The row sizes the last build kept, or none when there are none or they are not this
    /// program's (then every document's rows are encoded, as in a full build).
    static func previousRows(_ file: URL) -> SearchIndexRowSizes? {
        (try? SearchIndexRowSizes.read(file, program: ToolDigest.executable)) ?? nil
    }

    /// The key of each document's counts: everything its sections are made from (the digest of its
    /// source, its path, which gives its page, its kind and its skill's name); the program is the
    /// cache's own key. A document read without a digest has none and is always counted.
    static func documentKeys(_ graph: SkillGraph) -> [String: SearchIndexCache.Key] {
        // Hashed on all cores (a few milliseconds of a rebuild's index step on one).
        let made = Parallel.map(graph.documents.count, minimumChunk: 256) { position -> SearchIndexCache.Key? in
            let document = graph.documents[position]
            guard let digest = document.markdown.sourceDigest else { return nil }
            var hasher = ContentHasher()
            hasher.add("search-index document")
            hasher.add(document.path)
            hasher.add(document.kind.rawValue)
            let skill = graph.skill(of: document)
            hasher.add(skill == nil ? 0 : 1)
            hasher.add(skill?.name ?? "")
            hasher.add(digest)
            return hasher.finalize()
        }
        var keys: [String: SearchIndexCache.Key] = [:]
        keys.reserveCapacity(made.count)
        for (document, key) in zip(graph.documents, made) { keys[document.path] = key }
        return keys
    }

    /// The counts the last build kept, or none when there are none or they are not this
    /// program's (then why, for `--verbose`).
    static func previousCounts(_ file: URL) -> (cache: SearchIndexCache, problem: String?) {
        do throws(CacheDamage) {
            return (try SearchIndexCache.read(file, program: ToolDigest.executable) ?? SearchIndexCache(), nil)
        } catch {
            return (SearchIndexCache(), "\(file.path) not used (\(error)); every document counted anew")
        }
    }

    /// Writes the counts beside the site (`SearchIndexCache.write`). Counts are keyed by what they
    /// were made from, so they stay true whatever becomes of this build; a file that cannot be
    /// written costs the next build its reuse, nothing else.
    static func save(_ records: [SearchIndexCache.Record], to file: URL) -> [SearchIndexCache.Location]? {
        guard CacheFolder.prepare(for: file) else { return nil }
        return try? SearchIndexCache.write(records, program: ToolDigest.executable, to: file)
    }

    /// The paths written, gathered from all cores.
    private final class WrittenPaths: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: Set<String> = []
        func add(_ path: String) { lock.withLock { _ = paths.insert(path) } }
        var sorted: [String] { lock.withLock { paths.sorted() } }
    }
}
