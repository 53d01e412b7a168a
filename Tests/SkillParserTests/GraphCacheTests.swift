import Foundation
import Testing
import TestSupport
@testable import SkillParser

/// The graph cache gives what resolving gives: a graph whose documents' results come from it
/// equals one made fresh (references, related-skills items, edges, resolutions) after any change
/// to the files, including those that change what other documents' links find (a renamed
/// heading, a deleted file, a file turned into a folder, a file added beyond the walk); and a
/// damaged cache file is not used, says so, and changes nothing.
@Suite struct GraphCacheTests {
    /// Everything the graph works out of links, compared document by document.
    static func expectSameLinks(_ cached: SkillGraph, _ fresh: SkillGraph, _ label: String,
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        ParseCacheTests.expectSameGraph(cached, fresh, label, sourceLocation: sourceLocation)
        for document in fresh.documents {
            let references = fresh.references(in: document.path)
            #expect(cached.references(in: document.path) == references, "\(label): \(document.path)", sourceLocation: sourceLocation)
            #expect(cached.relatedSkillItems(in: document.path) == fresh.relatedSkillItems(in: document.path),
                    "\(label): \(document.path)", sourceLocation: sourceLocation)
            for reference in references {
                #expect(cached.resolution(of: reference.destination, in: document.path)
                    == fresh.resolution(of: reference.destination, in: document.path), sourceLocation: sourceLocation)
            }
            #expect(cached.incoming(document.path) == fresh.incoming(document.path), sourceLocation: sourceLocation)
        }
    }

    /// Loads `root` through the caches in `location` (which save themselves) and fresh; checks
    /// they agree; returns the graph cache's notes.
    @discardableResult
    static func loadAndCompare(_ root: String, _ location: ParseCacheTests.CacheLocation, _ label: String,
                               sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
        let (cached, cache) = try ParseCacheTests.load(root, cache: location.file)
        let fresh = try CollectionLoader.load(root: root)
        expectSameLinks(cached, fresh, label, sourceLocation: sourceLocation)
        #expect(!cache.graph.notes.contains { $0.contains("not saved") }, "\(cache.graph.notes)", sourceLocation: sourceLocation)
        return cache.graph.notes
    }

    /// How many documents' results the load took from the cache, from its note.
    static func reused(_ notes: [String]) -> Int? {
        guard let note = notes.first(where: { $0.hasPrefix("graph cache: ") }) else { return nil }
        return Int(note.dropFirst("graph cache: ".count).prefix { $0.isNumber })
    }

    @Test(arguments: ParseCacheTests.collections)
    func aCollectionWhoseLinksComeFromTheCacheEqualsAFreshGraph(_ relative: String) throws {
        let root = TestPaths.repository.appendingPathComponent(relative).path
        let location = try ParseCacheTests.CacheLocation()
        #expect(Self.reused(try Self.loadAndCompare(root, location, "\(relative), first")) == 0)
        let documents = try CollectionLoader.load(root: root).documents.count
        #expect(Self.reused(try Self.loadAndCompare(root, location, relative)) == documents)
    }

    /// A collection whose links reach into each other's anchors, files, folders and a hidden folder.
    static func linkedTree() throws -> FixtureTree {
        try FixtureTree([
            "a/SKILL.md": "---\nname: a\ndescription: A.\n---\n# A\n\nSee [usage](../b/references/usage.md#install-it), "
                + "[top](../b/references/usage.md#Install-It), [tool](scripts/run.sh), [data](data), "
                + "[hidden](../.notes/x.md) and `b`.\n\n## Related skills\n\n- `b`: the other\n",
            "a/scripts/run.sh": "echo\n",
            "a/data": "plain file\n",
            "b/SKILL.md": "---\nname: b\ndescription: B.\n---\n# B\n\nRead [usage](references/usage.md) and `references/usage.md`.\n",
            "b/references/usage.md": "# Usage\n\n## Install it\n\nText.\n",
            "b/references/other.md": "# Other\n\nSee [a](../../a/SKILL.md#a).\n",
            "loose.md": "# Loose\n\n[b](b/)\n",
            ".notes/y.md": "# Y\n",
        ])
    }

    @Test func aChangedFileChangesOnlyWhatDependsOnIt() throws {
        let tree = try Self.linkedTree()
        let location = try ParseCacheTests.CacheLocation()
        let documents = 5
        try Self.loadAndCompare(tree.path, location, "first")
        #expect(Self.reused(try Self.loadAndCompare(tree.path, location, "unchanged")) == documents)

        // A paragraph more: only the file itself is resolved again.
        try tree.write("b/references/usage.md", "# Usage\n\n## Install it\n\nText.\n\nMore text.\n")
        #expect(Self.reused(try Self.loadAndCompare(tree.path, location, "appended paragraph")) == documents - 1)

        // The heading a's links point at renamed: a is resolved again (its anchor is now missing).
        try tree.write("b/references/usage.md", "# Usage\n\n## Install\n\nText.\n\nMore text.\n")
        #expect(Self.reused(try Self.loadAndCompare(tree.path, location, "renamed heading")) == documents - 2)

        // A file a links to becomes a link to a file outside the root, under the same name: what a
        // file is on disk is asked again each time (the folders' listings are the same).
        let outside = location.folder.root.appendingPathComponent("outside.txt")
        try Data("x\n".utf8).write(to: outside)
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("a/data"))
        try FileManager.default.createSymbolicLink(at: tree.root.appendingPathComponent("a/data"), withDestinationURL: outside)
        #expect(Self.reused(try Self.loadAndCompare(tree.path, location, "file made a link out")) == documents)
        let (graph, _) = try ParseCacheTests.load(tree.path, cache: location.file)
        #expect(graph.resolution(of: "data", in: "a/SKILL.md") == .broken(.outsideRoot(path: "data")))

        // A file appears in the hidden folder a links into (beyond the walk): a is resolved again.
        try tree.write(".notes/x.md", "# X\n")
        #expect(Self.reused(try Self.loadAndCompare(tree.path, location, "file beyond the walk")) == 0)

        // A file a links to becomes a folder.
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("a/data"))
        try tree.write("a/data/inside.txt", "x\n")
        try Self.loadAndCompare(tree.path, location, "file made a folder")

        // A file deleted: every document is resolved again.
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("b/references/other.md"))
        #expect(Self.reused(try Self.loadAndCompare(tree.path, location, "deleted file")) == 0)
        #expect(Self.reused(try Self.loadAndCompare(tree.path, location, "after the deletion")) == documents - 1)
    }

    @Test func aDamagedCacheIsNotUsedAndSaysSo() throws {
        let tree = try Self.linkedTree()
        let location = try ParseCacheTests.CacheLocation()
        try Self.loadAndCompare(tree.path, location, "first")
        let file = location.folder.root.appendingPathComponent("cache/\(GraphCache.fileName)")
        let original = try Data(contentsOf: file)
        for offset in [0, 20, CacheFile.headerSize + 3, original.count - 1] {
            var damaged = original
            damaged[offset] ^= 0x40
            try damaged.write(to: file)
            let notes = try Self.loadAndCompare(tree.path, location, "damaged at \(offset)")
            #expect(notes.contains { $0.contains("not used") }, "\(offset): \(notes)")
            #expect(Self.reused(notes) == 0)
        }
        try original.prefix(original.count / 2).write(to: file)
        #expect(try Self.loadAndCompare(tree.path, location, "cut short").contains { $0.contains("not used (cut short)") })
        // Written anew by the last load, it serves the next whole.
        #expect(Self.reused(try Self.loadAndCompare(tree.path, location, "after damage")) == 5)
    }
}
