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

    /// A rebuild with few changes writes them beside the whole file; read back, the two are the
    /// new entries. Changes written for another whole file (an older generation) are not used,
    /// and past the limit the whole file is written again.
    @Test func changesReadBackWithTheWholeFileTheyWereWrittenFor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = BuildCache.location(for: folder.appendingPathComponent("site"))
        let changesFile = BuildCache.changesLocation(of: file)
        func entry(_ text: String, _ size: Int) -> BuildCache.Entry { .init(hash: .of(Data(text.utf8)), size: size, modified: Int64(size) * 7) }
        var hasher = ContentHasher()
        hasher.add("key")
        var first = BuildCache(key: hasher.finalize())
        for index in 0..<300 { first.entries["page\(index).html"] = entry("\(index)", index) }
        try first.write(to: file)
        let read = try #require(BuildCache.read(file))
        #expect(read.entries == first.entries && read.changes.isEmpty)
        guard case .none = read.update(to: first.entries) else { Issue.record("no change, yet something to write"); return }

        // One page changed, one gone, one new; then, on top of those, the new one gone again.
        var second = first.entries
        second["page1.html"] = entry("changed", 1)
        second["page2.html"] = nil
        second["new.html"] = entry("new", 5)
        guard case .changes(let changes) = read.update(to: second) else { Issue.record("few changes, not a changes file"); return }
        #expect(changes.changes.count == 3)
        try changes.writeChanges(to: changesFile)
        let reread = try #require(BuildCache.read(file))
        #expect(reread.entries == second)
        var third = second
        third["new.html"] = nil
        guard case .changes(let more) = reread.update(to: third) else { Issue.record("few changes, not a changes file"); return }
        try more.writeChanges(to: changesFile)
        #expect(try #require(BuildCache.read(file)).entries == third)

        // A whole file written since: the changes file is not its own.
        try first.write(to: file)
        #expect(try #require(BuildCache.read(file)).entries == first.entries)

        // Past the limit: the whole file.
        var many = first.entries
        for index in 0..<(BuildCache.changesLimit + 1) { many["page\(index).html"] = entry("other \(index)", index) }
        guard case .whole(let whole) = try #require(BuildCache.read(file)).update(to: many) else { Issue.record("many changes, not the whole file"); return }
        #expect(whole.entries == many)
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
