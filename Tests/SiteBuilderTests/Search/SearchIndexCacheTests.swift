import Foundation
@testable import SkillParser
import TestSupport
import Testing
@testable import SkillSearch

/// The index's build cache: counts kept from a build give the same index files as counting
/// anew, only documents under a new key are counted again, and a cache that is not ours is not read.
@Suite struct SearchIndexCacheTests {
    static let program = SearchIndexCache.Key(high: 1, low: 2)

    static func graph() throws -> SkillGraph {
        try CollectionLoader.load(root: SearchFixtures.collection.path)
    }

    /// A key per document (in a real build: the digest of its source, path, kind and skill).
    static func keys(_ graph: SkillGraph, changing changed: String? = nil) -> [String: SearchIndexCache.Key] {
        Dictionary(uniqueKeysWithValues: graph.documents.enumerated().map { number, document in
            (document.path, SearchIndexCache.Key(high: UInt64(number), low: document.path == changed ? 99 : 7))
        })
    }

    struct Build {
        var files: [String: [UInt8]]
        /// The digest given with each document file.
        var digests: [String: ContentHash]
        var cache: [UInt8]
        var recounted: Int
        var built: SearchIndexBuilder.Built
    }

    static func build(_ graph: SkillGraph, reuse: SearchIndexBuilder.Reuse?,
                      targets: SearchIndexLayout.Targets = .init()) throws -> Build {
        var files: [String: [UInt8]] = [:]
        var digests: [String: ContentHash] = [:]
        var cache: [UInt8]?
        let lock = NSLock()
        let built = try SearchIndexBuilder.buildAndWrite(graph: graph, targets: targets, reuse: reuse, keep: { records in
            cache = SearchIndexCache.payload(of: records)
            return nil
        }) { path, digest, contents in
            let bytes = contents()
            lock.withLock {
                files[path] = bytes
                if let digest { digests[path] = digest }
            }
        }
        return Build(files: files, digests: digests, cache: try #require(cache), recounted: built.recounted, built: built)
    }

    @Test func countsFromTheCacheWriteTheSameFiles() throws {
        let graph = try Self.graph()
        let first = try Self.build(graph, reuse: .init(previous: SearchIndexCache(), keys: Self.keys(graph)))
        #expect(first.recounted == graph.documents.count)
        let previous = try #require(SearchIndexCache(payload: first.cache))
        #expect(previous.count == graph.documents.count)
        let again = try Self.build(graph, reuse: .init(previous: previous, keys: Self.keys(graph)))
        #expect(again.recounted == 0)
        #expect(again.files == first.files)
        #expect(again.cache == first.cache)
        let plain = Dictionary(uniqueKeysWithValues: SearchIndexEncoder.files(SearchIndexBuilder.build(graph: graph)).map { ($0.path, $0.contents) })
        #expect(again.files == plain)
    }

    @Test func onlyADocumentUnderANewKeyIsCountedAgain() throws {
        let graph = try Self.graph()
        let first = try Self.build(graph, reuse: .init(previous: SearchIndexCache(), keys: Self.keys(graph)))
        let previous = try #require(SearchIndexCache(payload: first.cache))
        let changed = try #require(graph.documents.last?.path)
        let again = try Self.build(graph, reuse: .init(previous: previous, keys: Self.keys(graph, changing: changed)))
        #expect(again.recounted == 1)
        #expect(again.files == first.files)
    }

    @Test func rowSizesFromTheCacheWriteTheSameFilesWithTheSameDigests() throws {
        let graph = try Self.graph()
        let first = try Self.build(graph, reuse: .init(previous: SearchIndexCache(), keys: Self.keys(graph)))
        #expect(!first.digests.isEmpty)
        // Document files come with the digest of what they are made of, dictionary and postings
        // files with their bytes'; the entry and the shared words with none.
        #expect(first.digests.keys.allSatisfy { ["d/", "t/", "p/"].contains($0.prefix(2)) })
        #expect(first.digests.keys.contains { $0.hasPrefix("d/") })
        #expect(first.built.sizes == first.files.mapValues(\.count))
        let rows = try #require(SearchIndexRowSizes(payload: first.built.rows.payload()))
        #expect(rows == first.built.rows)
        let previous = try #require(SearchIndexCache(payload: first.cache))
        let again = try Self.build(graph, reuse: .init(previous: previous, keys: Self.keys(graph), rows: rows))
        #expect(again.files == first.files)
        #expect(again.digests == first.digests)
        // Sizes worked out from the kept row sizes are the sizes of the files' bytes.
        #expect(again.built.sizes == first.built.sizes)
    }

    @Test func aChangedDocumentChangesTheDigestOfItsDocumentFileOnly() throws {
        let graph = try Self.graph()
        // Small document files, so that the fixture has many.
        var targets = SearchIndexLayout.Targets()
        targets.documents = 600
        let first = try Self.build(graph, reuse: .init(previous: SearchIndexCache(), keys: Self.keys(graph)), targets: targets)
        let previous = try #require(SearchIndexCache(payload: first.cache))
        let changed = try #require(graph.documents.last?.path)
        let again = try Self.build(graph, reuse: .init(previous: previous, keys: Self.keys(graph, changing: changed),
                                                       rows: first.built.rows), targets: targets)
        #expect(again.files == first.files)
        let moved = Set(first.digests.keys.filter { first.digests[$0] != again.digests[$0] })
        // The files holding the changed document's sections: those of its page, the collection's last.
        let index = again.built.index
        let page = try #require(index.sections.last?.page)
        let holding = Set(index.sections.indices.filter { index.sections[$0].page == page }.map {
            SearchIndexFiles.documents(SearchIndexLayout.file(of: $0, starts: index.layout.documentStarts))
        })
        #expect(!holding.isEmpty)
        #expect(moved == holding)
        #expect(first.digests.count > holding.count)
    }

    @Test func rowSizesOfAnotherProgramOrDamagedAreNotRead() throws {
        let graph = try Self.graph()
        let sizes = try Self.build(graph, reuse: .init(previous: SearchIndexCache(), keys: Self.keys(graph))).built.rows
        let payload = sizes.payload()
        #expect(SearchIndexRowSizes(payload: Array(payload.dropLast(1))) == nil)
        #expect(SearchIndexRowSizes(payload: Array("not sizes".utf8)) == nil)
        let tree = try FixtureTree()
        let file = tree.root.appendingPathComponent("index-rows")
        #expect(try SearchIndexRowSizes.read(file, program: Self.program) == nil)
        try sizes.write(to: file, program: Self.program)
        #expect(try SearchIndexRowSizes.read(file, program: Self.program) == sizes)
        #expect(throws: CacheDamage.self) { try SearchIndexRowSizes.read(file, program: .init(high: 1, low: 3)) }
    }

    @Test func everyDocumentRoundTrips() throws {
        let graph = try Self.graph()
        for document in graph.documents {
            var batch = CountedBatch()
            batch.add(SectionSplitter.sections(of: document, skill: graph.skill(of: document)))
            try #require(batch.documents.count == 1)
            let counts = batch.counts(withTerms: 0)
            #expect(counts.terms.count == batch.documentTerms[0].count)
            #expect(!counts.entries.isEmpty)
            #expect(SearchIndexCache.decode(SearchIndexCache.encode(counts)[...]) == counts, "\(document.path)")
        }
    }

    @Test func aCacheOfAnotherProgramOrCutShortIsNotRead() throws {
        let graph = try Self.graph()
        let folder = try FixtureTree()
        let file = folder.root.appendingPathComponent("index")
        #expect(try SearchIndexCache.read(file, program: Self.program) == nil)
        var records: [SearchIndexCache.Record] = []
        _ = try SearchIndexBuilder.buildAndWrite(graph: graph, reuse: .init(previous: SearchIndexCache(), keys: Self.keys(graph)),
                                                 keep: { records = $0; return nil }) { _, _, _ in }
        try SearchIndexCache.write(records, program: Self.program, to: file)
        #expect(try SearchIndexCache.read(file, program: Self.program)?.count == graph.documents.count)
        #expect(throws: CacheDamage.self) { try SearchIndexCache.read(file, program: .init(high: 1, low: 3)) }
        let bytes = try Data(contentsOf: file)
        try bytes.dropLast(5).write(to: file)
        #expect(throws: CacheDamage.self) { try SearchIndexCache.read(file, program: Self.program) }
        // Records that do not parse, behind a correct frame.
        try CacheFile.write(to: file, kind: SearchIndexCache.kind, key: Self.program) { try $0.write([0x05, 0x01]) }
        #expect(throws: CacheDamage.self) { try SearchIndexCache.read(file, program: Self.program) }
        #expect(SearchIndexCache(payload: Array("not a cache".utf8)) == nil)
        // A record whose payload is damaged is counted anew, not trusted.
        #expect(SearchIndexCache.decode([0x05, 0x01][...]) == nil)
    }
}
