import Foundation
import Testing
@testable import SiteBuilder
import SkillParser

/// The build cache's file and digests: what `IncrementalBuildTests` relies on underneath.
@Suite struct BuildCacheTests {
    @Test func aCacheReadsBackAsWritten() throws {
        var hasher = ContentHasher()
        hasher.add("key")
        var cache = BuildCache(key: hasher.finalize())
        cache.entries["index.html"] = .init(hash: .of(Data("a".utf8)), size: 10, modified: 1_700_000_000_123_456_789)
        cache.entries["folder with space/page.html"] = .init(hash: .of(Data("b".utf8)), size: 0, modified: 0)
        cache.entries["bad\nname.html"] = .init(hash: .of(Data("c".utf8)), size: 1, modified: 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = BuildCache.location(for: folder.appendingPathComponent("site"))
        #expect(file.path.hasSuffix("/.site.skillbook-cache/site"))
        try cache.write(to: file)
        let read = try #require(BuildCache.read(file))
        #expect(read.key == cache.key)
        var storable = cache.entries
        storable["bad\nname.html"] = nil
        #expect(read.entries == storable)
    }

    @Test func anotherFileIsNotACache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache")
        try Data("skillbook build cache 0\n".utf8).write(to: file)
        #expect(BuildCache.read(file) == nil)
        #expect(BuildCache.read(folder.appendingPathComponent("missing")) == nil)
    }

    @Test func contextDigestsIgnoreKeyOrderAndSeeEveryValue() {
        func digest(_ value: MustacheValue) -> ContentHash {
            var hasher = ContentHasher()
            hasher.add(value)
            return hasher.finalize()
        }
        let base: MustacheValue = ["a": "x", "b": [1, true, .null], "c": ["d": "y"]]
        var members: [String: MustacheValue] = [:]
        members["c"] = ["d": "y"]
        members["b"] = [1, true, .null]
        members["a"] = "x"
        let reordered = MustacheValue.object(MustacheObject(members))
        #expect(digest(base) == digest(reordered))
        let variants: [MustacheValue] = [
            ["a": "x", "b": [1, true, .null], "c": ["d": "z"]],
            ["a": "x", "b": [1, false, .null], "c": ["d": "y"]],
            ["a": "x", "b": [2, true, .null], "c": ["d": "y"]],
            ["a": "x", "b": [1, true], "c": ["d": "y"]],
            ["a": "xy", "b": [1, true, .null], "c": ["d": "y"]],
            ["a": "x", "b": [1, true, ""], "c": ["d": "y"]],
            // The same strings split differently between keys and values.
            ["ax": "", "b": [1, true, .null], "c": ["d": "y"]],
        ]
        let digests = Set(variants.map(digest) + [digest(base)])
        #expect(digests.count == variants.count + 1)
    }

    @Test func byteDigestsSeeTailBytes() {
        // Lengths around the 8-byte word, and a change in the last byte.
        let texts = ["", "a", "abcdefg", "abcdefgh", "abcdefghi", "abcdefgi", "abcdefgh\0"]
        let digests = Set(texts.map { ContentHash.of(Data($0.utf8)) })
        #expect(digests.count == texts.count)
        let hash = ContentHash.of(Data("abc".utf8))
        #expect(ContentHash(hex: Substring(hash.description)) == hash)
    }
}
