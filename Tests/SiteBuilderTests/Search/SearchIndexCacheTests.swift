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

    static func build(_ graph: SkillGraph, reuse: SearchIndexBuilder.Reuse?) throws
        -> (files: [String: [UInt8]], cache: [UInt8], recounted: Int) {
        var files: [String: [UInt8]] = [:]
        var cache: [UInt8]?
        let lock = NSLock()
        let built = try SearchIndexBuilder.buildAndWrite(graph: graph, reuse: reuse, keep: { records in
            cache = SearchIndexCache.payload(of: records)
        }) { path, contents in
            lock.withLock { files[path] = contents }
        }
        return (files, try #require(cache), built.recounted)
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

    @Test func everyDocumentRoundTrips() throws {
        let graph = try Self.graph()
        for document in graph.documents {
            var batch = CountedBatch()
            batch.add(SectionSplitter.sections(of: document, skill: graph.skill(of: document)))
            let counts = try #require(batch.documents.first)
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
                                                 keep: { records = $0 }) { _, _ in }
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
