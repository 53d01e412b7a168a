import Foundation

/// The graph cache (`GraphCache`) as one graph's construction uses it: which documents' saved
/// results still hold (same bytes, same world, same anchors where their links looked), and the
/// cache of this graph to save, where a reused document's record is copied as it was.
final class GraphReuse: @unchecked Sendable {
    /// What can be known of the saved cache before the graph has its lookup tables: whether it
    /// was made in this world, and the digest of each document's anchors (`GraphWorld`): the
    /// saved one for a document whose bytes are those saved, else worked out (the anchors made).
    struct Check: Sendable {
        var cache: GraphCache
        var world: ContentHash
        var saved: GraphCache.Saved?
        var anchorDigests: [ContentHash]

        /// `graph` has its documents, skills, files and anchors (made when first read).
        init(cache: GraphCache, graph: SkillGraph, relatedHeadings: [String]) {
            self.cache = cache
            world = GraphWorld.digest(of: graph, relatedHeadings: relatedHeadings)
            let saved = cache.saved(world: world, files: graph.files)
            self.saved = saved
            let documents = graph.documents
            anchorDigests = Parallel.map(documents.count, minimumChunk: 64) { index in
                if let saved, let entry = saved.entries[index].digest, entry.content == documents[index].markdown.sourceDigest {
                    return entry.anchors
                }
                return GraphWorld.digest(of: graph.anchors(atPosition: index))
            }
        }
    }

    private let check: Check
    private let graph: SkillGraph
    private let documents: [Document]

    /// `graph` has its lookup tables too; not yet its references.
    init(_ check: Check, graph: SkillGraph) {
        self.check = check
        self.graph = graph
        documents = graph.documents
    }

    /// The saved results of the document at `index` when they still hold, with its references to
    /// files on disk resolved again by `resolver`; `nil` when they do not (or the record is damaged:
    /// noted, and the document is resolved).
    func results(of index: Int, resolver: ReferenceResolver) -> DocumentResults? {
        let document = documents[index]
        guard let saved = check.saved, let digest = saved.entries[index].digest,
              digest.content == document.markdown.sourceDigest else { return nil }
        do throws(CacheDamage) {
            return try saved.payload.withUnsafeBytes { all in
                Result { () throws(CacheDamage) in
                    try GraphRecord.decode(UnsafeRawBufferPointer(rebasing: all[saved.entries[index].record]), document: document,
                                           graph: graph, anchorDigests: check.anchorDigests) { resolver.resolve($0, from: document.path) }
                }
            }.get()
        } catch {
            check.cache.note("the cached links of \(document.path) not used (\(error)); they were resolved")
            return nil
        }
    }

    /// Saves the cache of this graph: `made` holds the results worked out by this build, in the
    /// graph's order, `nil` for a document whose saved results were reused.
    func save(_ made: [DocumentResults?]) {
        let anchorDigests = check.anchorDigests, saved = check.saved
        let records = Parallel.map(made.count, minimumChunk: 64) { index -> GraphCache.Outgoing in
            guard let content = documents[index].markdown.sourceDigest else { return .none }
            let digest = GraphCache.Digest(content: content, anchors: anchorDigests[index])
            guard let results = made[index] else {
                if let saved { return .kept(digest, saved.entries[index].record) }
                return .none
            }
            return GraphRecord.encode(results, graph: graph, anchorDigests: anchorDigests).map { .encoded(digest, $0) } ?? .none
        }
        let reused = made.count - made.filter { $0 != nil }.count
        check.cache.note("graph cache: \(reused) document\(reused == 1 ? "" : "s")' links reused, \(made.count - reused) resolved")
        check.cache.save(world: check.world, beyondWalk: graph.files.listedBeyondGiven(), records: records, saved: saved)
    }
}
