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

    /// The part of a run with a cache that needs no duplicate clusters: every check but those
    /// that read them (`Check.readsDuplicates`), with the findings the cache holds under the same
    /// inputs taken from it. `build` makes it on a thread of its own while the dedupe step runs
    /// (`prepare`), and the check step only runs the checks of the clusters and puts the
    /// findings together (`run(_:duplicates:)`).
    public struct Preparation: Sendable {
        let context: CheckContext
        let checks: [any Check]
        let key: ContentHash
        /// The document checks' keys (each document's bytes) and the file-world checks' keys, in document order.
        let keys: [ContentHash?]
        let worldKeys: [ContentHash?]
        /// Every document's lists, one per check of the kind, cached or made now.
        let lists: [[[Diagnostic]]]
        let worldLists: [[[Diagnostic]]]
        /// Per check: the findings of a check over the whole collection and its cache entry,
        /// when it was run or taken from the cache here (`nil` for the document and file-world
        /// checks, and for a check that reads the clusters).
        let whole: [(found: [Diagnostic], entry: FindingsRecord.Entry?, reused: Bool)?]
        let reuse: Reuse
    }

    /// `run(graph:... reusing:key:)` up to the checks that read the duplicate clusters.
    public static func prepare(graph: SkillGraph, config: CollectionConfig = CollectionConfig(), options: CheckOptions = CheckOptions(),
                               checks: [any Check] = Checks.all, reusing cache: CheckCache?, key: ContentHash) -> Preparation {
        let context = CheckContext(graph: graph, config: config, options: options, duplicates: nil)
        let documents = graph.documents
        let documentChecks = checks.compactMap { $0 as? any DocumentCheck }
        let worldChecks = checks.compactMap { $0 as? any FileWorldCheck }
        let usable = cache.flatMap { $0.key == key ? $0.indexed() : nil }
        // Each document's lists from the cache, one per document check, when its bytes are the ones they were made from.
        let keys = documents.map(\.markdown.sourceDigest)
        let cached = Self.reusable(usable?.entries, keys: keys, documents: documents, checks: documentChecks.count)
        // The same for the file-world checks, under each document's key in the world as it is now.
        let world = FileWorld(context: context)
        let worldKeys = Parallel.map(documents.count, minimumChunk: 64) { world.key(of: documents[$0], checks: worldChecks) }
        let worldHolds = usable.map { FileWorld.stillHolds($0.beyondWalk, in: graph) } ?? false
        let cachedWorld = Self.reusable(worldHolds ? usable?.worldEntries : nil, keys: worldKeys, documents: documents,
                                        checks: worldChecks.count)
        let changed = documents.indices.filter { cached[$0] == nil }.map { documents[$0] }
        let changedInWorld = documents.indices.filter { cachedWorld[$0] == nil }.map { documents[$0] }
        // A check over the whole collection is run unless the cache holds its findings under the
        // digest its inputs have now.
        let perCheck = Parallel.map(checks.count, minimumChunk: 1) { index -> (lists: [[Diagnostic]], whole: (found: [Diagnostic], entry: FindingsRecord.Entry?, reused: Bool)?) in
            let check = checks[index]
            if let check = check as? any DocumentCheck { return (check.run(context, documents: changed), nil) }
            if let check = check as? any FileWorldCheck { return (check.run(context, documents: changedInWorld), nil) }
            if check.readsDuplicates { return ([], nil) }
            guard let digested = check as? any DigestedCheck, let inputs = digested.inputs(context) else {
                return ([], (check.run(context), nil, false))
            }
            let name = String(describing: type(of: check))
            if let entry = usable?.checkEntries[name], entry.digest == inputs, entry.lists.count == 1 {
                return ([], (entry.lists[0], entry, true))
            }
            let found = check.run(context)
            return ([], (found, FindingsRecord.Entry(path: name, digest: inputs, lists: [found]), false))
        }
        // Every document's lists in graph order, cached or made now.
        let lists = Self.lists(cached, made: checks.indices.filter { checks[$0] is any DocumentCheck }.map { perCheck[$0].lists })
        let worldLists = Self.lists(cachedWorld, made: checks.indices.filter { checks[$0] is any FileWorldCheck }.map { perCheck[$0].lists })
        let whole = perCheck.map(\.whole)
        return Preparation(context: context, checks: checks, key: key, keys: keys, worldKeys: worldKeys, lists: lists,
                           worldLists: worldLists, whole: whole,
                           reuse: Reuse(documentChecks: documents.count - changed.count,
                                        fileWorldChecks: documents.count - changedInWorld.count,
                                        wholeChecks: whole.filter { $0?.reused == true }.count,
                                        digestedChecks: checks.filter { $0 is any DigestedCheck }.count))
    }

    /// The findings of `prepared` with those of the checks that read the clusters (`duplicates`;
    /// found anew when `nil`): the same findings in the same order as `run(graph:...)` without a
    /// cache. Returns the cache of this run, and what was reused.
    public static func run(_ prepared: Preparation, duplicates: [DuplicateCluster]?) -> (findings: [Diagnostic], cache: CheckCache, reused: Reuse) {
        let context = prepared.context.with(duplicates: duplicates)
        let (graph, checks, options) = (context.graph, prepared.checks, context.options)
        let documents = graph.documents
        var lists: [[Diagnostic]] = [graph.diagnostics.map { strictened($0, graph: graph, options: options) }]
        var slot = 0, worldSlot = 0
        for index in checks.indices {
            if checks[index] is any DocumentCheck {
                for list in prepared.lists { lists.append(list[slot]) }
                slot += 1
            } else if checks[index] is any FileWorldCheck {
                for list in prepared.worldLists { lists.append(list[worldSlot]) }
                worldSlot += 1
            } else if let whole = prepared.whole[index] {
                lists.append(whole.found)
            } else {
                lists.append(checks[index].run(context))
            }
        }
        // Listed now, after every check ran: the folders listed by earlier runs for the files
        // reused were listed again by `stillHolds`, so they stay in.
        let beyondWalk = graph.files.listedBeyondGiven().map { FindingsRecord.Entry(path: $0.folder, digest: $0.digest, lists: []) }
        return (configured(lists: lists, graph: graph, config: context.config, findingLimit: options.findingLimit),
                CheckCache(key: prepared.key,
                           entries: Self.entries(keys: prepared.keys, documents: documents, lists: prepared.lists),
                           worldEntries: Self.entries(keys: prepared.worldKeys, documents: documents, lists: prepared.worldLists),
                           beyondWalk: beyondWalk, checkEntries: prepared.whole.compactMap { $0?.entry }),
                prepared.reuse)
    }

    /// `run`, with the findings of the document checks (`DocumentCheck`) and of the file-world
    /// checks (`FileWorldCheck`) in files the cache holds under the same inputs taken from it,
    /// and those checks run on the other files only: the same findings in the same order as
    /// without a cache. Returns the cache of this run under `key` (`cacheKey`), and what was reused.
    public static func run(graph: SkillGraph, config: CollectionConfig = CollectionConfig(), options: CheckOptions = CheckOptions(),
                           checks: [any Check] = Checks.all, duplicates: [DuplicateCluster]? = nil,
                           reusing cache: CheckCache?, key: ContentHash) -> (findings: [Diagnostic], cache: CheckCache, reused: Reuse) {
        run(prepare(graph: graph, config: config, options: options, checks: checks, reusing: cache, key: key), duplicates: duplicates)
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
