import Foundation

/// The graph cache (`GraphCache`) as one graph's construction uses it: which documents' saved
/// results still hold (same bytes, same world, same anchors where their links looked), and the
/// cache of this graph to save, where a reused document's record is copied as it was.
final class GraphReuse: @unchecked Sendable {
    private let cache: GraphCache
    private let graph: SkillGraph
    private let world: ContentHash
    private let saved: GraphCache.Saved?
    /// The digest of each document's anchors (`GraphWorld.digest(of:)`), in the graph's order.
    private let anchorDigests: [ContentHash]

    /// `graph` has its documents, skills, lookups and anchors; not yet its references.
    init(cache: GraphCache, graph: SkillGraph, relatedHeadings: [String]) {
        self.cache = cache
        self.graph = graph
        world = GraphWorld.digest(of: graph, relatedHeadings: relatedHeadings)
        anchorDigests = Parallel.map(graph.documents.count, minimumChunk: 64) { GraphWorld.digest(of: graph.anchors(atPosition: $0)) }
        saved = cache.saved(world: world, files: graph.files)
    }

    /// The saved results of the document at `index` when they still hold, with its references to
    /// files on disk resolved again by `resolver`; `nil` when they do not (or the record is damaged:
    /// noted, and the document is resolved).
    func results(of index: Int, resolver: ReferenceResolver) -> DocumentResults? {
        let document = graph.documents[index]
        guard let saved, index < saved.entries.count, let digest = saved.entries[index].digest,
              digest == document.markdown.sourceDigest else { return nil }
        do throws(CacheDamage) {
            return try saved.payload.withUnsafeBytes { all in
                Result { () throws(CacheDamage) in
                    try GraphRecord.decode(UnsafeRawBufferPointer(rebasing: all[saved.entries[index].record]), document: document,
                                           graph: graph, anchorDigests: anchorDigests) { resolver.resolve($0, from: document.path) }
                }
            }.get()
        } catch {
            cache.note("the cached links of \(document.path) not used (\(error)); they were resolved")
            return nil
        }
    }

    /// Saves the cache of this graph: `made` holds the results worked out by this build, in the
    /// graph's order, `nil` for a document whose saved results were reused.
    func save(_ made: [DocumentResults?]) {
        let records = Parallel.map(made.count, minimumChunk: 64) { index -> GraphCache.Outgoing in
            guard let digest = graph.documents[index].markdown.sourceDigest else { return .none }
            guard let results = made[index] else {
                if let saved { return .kept(digest, saved.entries[index].record) }
                return .none
            }
            return GraphRecord.encode(results, graph: graph, anchorDigests: anchorDigests).map { .encoded(digest, $0) } ?? .none
        }
        let reused = made.count - made.filter { $0 != nil }.count
        cache.note("graph cache: \(reused) document\(reused == 1 ? "" : "s")' links reused, \(made.count - reused) resolved")
        cache.save(world: world, beyondWalk: graph.files.listedBeyondGiven(), records: records, saved: saved)
    }
}
