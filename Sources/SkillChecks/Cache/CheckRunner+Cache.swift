import SkillParser
import SkillDuplicates

extension CheckRunner {
    /// The key a check cache must have for `graph` (`CheckWorld`).
    public static func cacheKey(graph: SkillGraph, config: CollectionConfig, options: CheckOptions = CheckOptions(),
                                checks: [any Check] = Checks.all, tool: ContentHash) -> ContentHash {
        CheckWorld.key(graph: graph, config: config, options: options, checks: checks.compactMap { $0 as? any DocumentCheck },
                       tool: tool)
    }

    /// How many files' findings a run with a cache took from it.
    public struct Reuse: Sendable, Equatable {
        /// Files whose document checks' findings were reused (`DocumentCheck`).
        public var documentChecks: Int
        /// Files whose file-world checks' findings were reused (`FileWorldCheck`).
        public var fileWorldChecks: Int
        /// Checks over the whole collection whose findings were reused (`DigestedCheck`), of `digestedChecks`.
        public var wholeChecks: Int = 0
        public var digestedChecks: Int = 0
    }

    /// `run`, with the findings of the document checks (`DocumentCheck`) and of the file-world
    /// checks (`FileWorldCheck`) in files the cache holds under the same inputs taken from it,
    /// and those checks run on the other files only: the same findings in the same order as
    /// without a cache. Returns the cache of this run under `key` (`cacheKey`), and what was reused.
    public static func run(graph: SkillGraph, config: CollectionConfig = CollectionConfig(), options: CheckOptions = CheckOptions(),
                           checks: [any Check] = Checks.all, duplicates: [DuplicateCluster]? = nil,
                           reusing cache: CheckCache?, key: ContentHash) -> (findings: [Diagnostic], cache: CheckCache, reused: Reuse) {
        let context = CheckContext(graph: graph, config: config, options: options, duplicates: duplicates)
        let documents = graph.documents
        let documentChecks = checks.compactMap { $0 as? any DocumentCheck }
        let worldChecks = checks.compactMap { $0 as? any FileWorldCheck }
        let usable = cache.flatMap { $0.key == key ? $0 : nil }
        // Each document's lists from the cache, one per document check, when its bytes are the ones they were made from.
        let keys = documents.map(\.markdown.sourceDigest)
        let cached = Self.reusable(usable?.entries, keys: keys, documents: documents, checks: documentChecks.count)
        // The same for the file-world checks, under each document's key in the world as it is now.
        let world = FileWorld.digest(of: graph)
        let worldKeys = Parallel.map(documents.count, minimumChunk: 64) {
            FileWorld.key(of: documents[$0], world: world, checks: worldChecks, context: context)
        }
        let worldHolds = usable.map { FileWorld.stillHolds($0.beyondWalk, in: graph) } ?? false
        let cachedWorld = Self.reusable(worldHolds ? usable?.worldEntries : nil, keys: worldKeys, documents: documents,
                                        checks: worldChecks.count)
        let changed = documents.indices.filter { cached[$0] == nil }.map { documents[$0] }
        let changedInWorld = documents.indices.filter { cachedWorld[$0] == nil }.map { documents[$0] }
        // A check over the whole collection is run unless the cache holds its findings under the
        // digest its inputs have now.
        let perCheck = Parallel.map(checks.count, minimumChunk: 1) { index -> (lists: [[Diagnostic]], entry: FindingsRecord.Entry?, reused: Bool) in
            if let check = checks[index] as? any DocumentCheck { return (check.run(context, documents: changed), nil, false) }
            if let check = checks[index] as? any FileWorldCheck { return (check.run(context, documents: changedInWorld), nil, false) }
            guard let check = checks[index] as? any DigestedCheck, let inputs = check.inputs(context) else {
                return ([checks[index].run(context)], nil, false)
            }
            let name = String(describing: type(of: check))
            if let entry = usable?.checkEntries[name], entry.digest == inputs, entry.lists.count == 1 {
                return (entry.lists, entry, true)
            }
            let found = check.run(context)
            return ([found], FindingsRecord.Entry(path: name, digest: inputs, lists: [found]), false)
        }
        // Every document's lists in graph order, cached or made now.
        let lists = Self.lists(cached, made: checks.indices.filter { checks[$0] is any DocumentCheck }.map { perCheck[$0].lists })
        let worldLists = Self.lists(cachedWorld, made: checks.indices.filter { checks[$0] is any FileWorldCheck }.map { perCheck[$0].lists })
        var found = graph.diagnostics.map { strictened($0, graph: graph, options: options) }
        var slot = 0, worldSlot = 0
        for index in checks.indices {
            if checks[index] is any DocumentCheck {
                for list in lists { found += list[slot] }
                slot += 1
            } else if checks[index] is any FileWorldCheck {
                for list in worldLists { found += list[worldSlot] }
                worldSlot += 1
            } else {
                found += perCheck[index].lists[0]
            }
        }
        let entries = Self.entries(keys: keys, documents: documents, lists: lists)
        let worldEntries = Self.entries(keys: worldKeys, documents: documents, lists: worldLists)
        // Listed now, after every check ran: the folders listed by earlier runs for the files
        // reused were listed again by `stillHolds`, so they stay in.
        let beyondWalk = graph.files.listedBeyondGiven().map { FindingsRecord.Entry(path: $0.folder, digest: $0.digest, lists: []) }
        return (configured(found, graph: graph, config: config, findingLimit: options.findingLimit),
                CheckCache(key: key, entries: entries, worldEntries: worldEntries, beyondWalk: beyondWalk,
                           checkEntries: perCheck.compactMap(\.entry)),
                Reuse(documentChecks: documents.count - changed.count, fileWorldChecks: documents.count - changedInWorld.count,
                      wholeChecks: perCheck.filter(\.reused).count, digestedChecks: checks.filter { $0 is any DigestedCheck }.count))
    }

    /// Each document's lists in `entries` (one per check, `checks` of them) when its entry was
    /// made under the key it has now (`keys`, in document order; `nil`: never reused).
    private static func reusable(_ entries: [String: FindingsRecord.Entry]?, keys: [ContentHash?], documents: [Document],
                                 checks: Int) -> [[[Diagnostic]]?] {
        documents.indices.map { index in
            guard let entries, let key = keys[index], let entry = entries[documents[index].path],
                  entry.digest == key, entry.lists.count == checks else { return nil }
            return entry.lists
        }
    }

    /// The cache's entries of this run: each document that has a key, with its lists.
    private static func entries(keys: [ContentHash?], documents: [Document], lists: [[[Diagnostic]]]) -> [FindingsRecord.Entry] {
        documents.indices.compactMap { index in
            keys[index].map { FindingsRecord.Entry(path: documents[index].path, digest: $0, lists: lists[index]) }
        }
    }

    /// Each document's lists: `cached`, or the next of `made` (per check, the lists of the
    /// documents that were not cached, in order).
    private static func lists(_ cached: [[[Diagnostic]]?], made: [[[Diagnostic]]]) -> [[[Diagnostic]]] {
        var lists: [[[Diagnostic]]] = []
        lists.reserveCapacity(cached.count)
        var position = 0
        for known in cached {
            if let known {
                lists.append(known)
            } else {
                lists.append(made.map { $0[position] })
                position += 1
            }
        }
        return lists
    }
}
