import SkillParser
import SkillDuplicates

extension CheckRunner {
    /// The key a check cache must have for `graph` (`CheckWorld`).
    public static func cacheKey(graph: SkillGraph, config: CollectionConfig, options: CheckOptions = CheckOptions(),
                                checks: [any Check] = Checks.all, tool: ContentHash) -> ContentHash {
        CheckWorld.key(graph: graph, config: config, options: options, checks: checks.compactMap { $0 as? any DocumentCheck },
                       tool: tool)
    }

    /// `run`, with the findings of the document checks (`DocumentCheck`) in files the cache
    /// holds as they are taken from it, and those checks run on the other files only: the same
    /// findings in the same order as without a cache. Returns the cache of this run under `key`
    /// (`cacheKey`), and how many files' findings were reused.
    public static func run(graph: SkillGraph, config: CollectionConfig = CollectionConfig(), options: CheckOptions = CheckOptions(),
                           checks: [any Check] = Checks.all, duplicates: [DuplicateCluster]? = nil,
                           reusing cache: CheckCache?, key: ContentHash) -> (findings: [Diagnostic], cache: CheckCache, reusedFiles: Int) {
        let context = CheckContext(graph: graph, config: config, options: options, duplicates: duplicates)
        let documents = graph.documents
        let documentChecks = checks.compactMap { $0 as? any DocumentCheck }
        let usable = cache.flatMap { $0.key == key ? $0 : nil }
        // Each document's lists from the cache, one per document check, when its bytes are the ones they were made from.
        let cached: [[[Diagnostic]]?] = documents.map { document in
            guard let usable, let digest = document.markdown.sourceDigest, let entry = usable.entries[document.path],
                  entry.digest == digest, entry.lists.count == documentChecks.count else { return nil }
            return entry.lists
        }
        let changed = documents.indices.filter { cached[$0] == nil }.map { documents[$0] }
        let perCheck = Parallel.map(checks.count, minimumChunk: 1) { index -> [[Diagnostic]] in
            guard let check = checks[index] as? any DocumentCheck else { return [checks[index].run(context)] }
            return check.run(context, documents: changed)
        }
        // Every document's lists in graph order, cached or made now.
        let documentCheckIndexes = checks.indices.filter { checks[$0] is any DocumentCheck }
        var lists: [[[Diagnostic]]] = []
        lists.reserveCapacity(documents.count)
        var position = 0
        for index in documents.indices {
            if let known = cached[index] {
                lists.append(known)
            } else {
                lists.append(documentCheckIndexes.map { perCheck[$0][position] })
                position += 1
            }
        }
        var found = graph.diagnostics.map { strictened($0, graph: graph, options: options) }
        var slot = 0
        for index in checks.indices {
            if checks[index] is any DocumentCheck {
                for list in lists { found += list[slot] }
                slot += 1
            } else {
                found += perCheck[index][0]
            }
        }
        let entries = documents.indices.compactMap { index -> FindingsRecord.Entry? in
            documents[index].markdown.sourceDigest.map {
                FindingsRecord.Entry(path: documents[index].path, digest: $0, lists: lists[index])
            }
        }
        return (configured(found, graph: graph, config: config, findingLimit: options.findingLimit),
                CheckCache(key: key, entries: entries), documents.count - changed.count)
    }
}
