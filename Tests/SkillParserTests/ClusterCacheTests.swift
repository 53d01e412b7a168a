import Foundation
import Testing
import TestSupport
@testable import SkillDuplicates
@testable import SkillParser

/// The cluster cache gives the last clusters only to a run whose rules are those they were made
/// from, and those clusters are the ones a fresh run finds; every input they depend on (a rule's
/// text, place and headings, a file's path, its skill's name, the number of skills) makes it
/// cluster again; a cache that is not ours or is damaged is ignored.
@Suite struct ClusterCacheTests {
    static let key = DuplicateCacheTests.key

    static func graph(_ tree: FixtureTree) throws -> SkillGraph {
        try CollectionLoader.load(root: tree.path)
    }

    /// The cache of a fresh run of `graph`, written to and read back from a file of `tree`.
    static func cache(of graph: SkillGraph, in tree: FixtureTree) throws -> ClusterCache {
        let clusters = DuplicateFinder().clusters(in: graph)
        let file = tree.root.appendingPathComponent(".clusters")
        try ClusterCache(key: key, inputs: ClusterCache.inputs(of: graph, known: nil), clusters: clusters).write(to: file)
        return try #require(try ClusterCache.read(file, key: key))
    }

    /// Whether the cache made before `edit` is reused after it; when it is, its clusters must be
    /// a fresh run's, and the inputs taken through its table those worked out without it.
    static func reused(after edit: (FixtureTree) throws -> Void) throws -> Bool {
        let tree = try DuplicateCacheTests.collection()
        let cache = try Self.cache(of: try Self.graph(tree), in: tree)
        try edit(tree)
        let graph = try Self.graph(tree)
        let inputs = ClusterCache.inputs(of: graph, known: cache.inputs)
        #expect(inputs == ClusterCache.inputs(of: graph, known: nil))
        guard let clusters = cache.clusters(for: inputs) else { return false }
        #expect(clusters == DuplicateFinder().clusters(in: graph))
        return true
    }

    @Test func theClustersReadBackAreTheOnesWritten() throws {
        let tree = try DuplicateCacheTests.collection()
        let graph = try Self.graph(tree)
        let cache = try Self.cache(of: graph, in: tree)
        let fresh = DuplicateFinder().clusters(in: graph)
        #expect(fresh.count > 20)
        #expect(fresh.contains { $0.members.contains { $0.span != nil } })
        #expect(cache.clusters == fresh)
        #expect(cache.inputs == ClusterCache.inputs(of: graph, known: nil))
        #expect(cache.clusters(for: ClusterCache.inputs(of: graph, known: cache.inputs)) == fresh)
    }

    @Test func anEditThatChangesNoRuleReusesTheClusters() throws {
        #expect(try Self.reused { tree in
            try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md") + "\nA closing paragraph, not a rule.\n")
        })
        // A file without rules, added.
        #expect(try Self.reused { tree in try tree.write("skill-3/references/notes.md", "# Notes\n\nProse only.\n") })
    }

    @Test func everyInputOfTheClustersMakesThemAgain() throws {
        // A rule's text.
        #expect(try !Self.reused { tree in
            let text = try tree.read("skill-3/SKILL.md")
            try tree.write("skill-3/SKILL.md", text.replacingOccurrences(of: "\n- ", with: "\n- Always ", options: [],
                                                                         range: text.range(of: "\n- ")))
        })
        // A rule's place: a line above it.
        #expect(try !Self.reused { tree in
            try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md").replacingOccurrences(of: "# Skill 3\n", with: "# Skill 3\n\nProse.\n"))
        })
        // The headings above a rule.
        #expect(try !Self.reused { tree in
            try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md").replacingOccurrences(of: "# Skill 3\n", with: "# Skill three\n"))
        })
        // A rule's inline content only (the same plain text).
        #expect(try !Self.reused { tree in
            let text = try tree.read("skill-4/SKILL.md")
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("- ") })
            let words = line.dropFirst(2).split(separator: " ")
            let emphasised = "- *\(words[0])* " + words.dropFirst().joined(separator: " ")
            try tree.write("skill-4/SKILL.md", text.replacingOccurrences(of: String(line), with: emphasised))
        })
        // The skill a file's rules belong to, renamed in another file.
        #expect(try !Self.reused { tree in
            try tree.write("skill-3/references/more.md", "# More\n\n- Keep every label of the system alert short and clear for all.\n")
        })
        let renamed = try DuplicateCacheTests.collection()
        try renamed.write("skill-3/references/more.md", "# More\n\n- Keep every label of the system alert short and clear for all.\n")
        let before = try Self.cache(of: try Self.graph(renamed), in: renamed)
        try renamed.write("skill-3/SKILL.md", try renamed.read("skill-3/SKILL.md").replacingOccurrences(of: "name: skill-3", with: "name: skill-three"))
        let graph = try Self.graph(renamed)
        #expect(before.clusters(for: ClusterCache.inputs(of: graph, known: before.inputs)) == nil)
        // The number of skills (what is boilerplate), with a skill without rules.
        #expect(try !Self.reused { tree in
            try tree.write("skill-99/SKILL.md", "---\nname: skill-99\ndescription: No rules.\n---\n\n# Skill 99\n\nProse.\n")
        })
        // A file's path, with the same bytes; a deleted file.
        #expect(try !Self.reused { tree in
            try FileManager.default.moveItem(at: tree.root.appendingPathComponent("skill-3/SKILL.md"),
                                             to: tree.root.appendingPathComponent("skill-3/README.md"))
        })
        #expect(try !Self.reused { tree in try FileManager.default.removeItem(at: tree.root.appendingPathComponent("skill-5")) })
    }

    @Test func aCacheWithAnotherKeyIsIgnored() throws {
        let tree = try DuplicateCacheTests.collection()
        _ = try Self.cache(of: try Self.graph(tree), in: tree)
        let file = tree.root.appendingPathComponent(".clusters")
        var options = DuplicateOptions()
        options.threshold = 0.7
        for key in [DuplicateCache.key(options: options, tool: ContentHash(high: 7, low: 11)),
                    DuplicateCache.key(options: DuplicateOptions(), tool: ContentHash(high: 7, low: 12))] {
            #expect(throws: CacheDamage.self) { try ClusterCache.read(file, key: key) }
        }
        #expect(try ClusterCache.read(tree.root.appendingPathComponent("missing"), key: Self.key) == nil)
    }

    @Test func aDamagedCacheIsIgnoredWithoutACrash() throws {
        let tree = try DuplicateCacheTests.collection()
        let graph = try Self.graph(tree)
        _ = try Self.cache(of: graph, in: tree)
        let file = tree.root.appendingPathComponent(".clusters")
        let bytes = try Data(contentsOf: file)
        var generator = SeededGenerator(seed: 9)
        var damaged: [Data] = [Data("not a cache".utf8), bytes.prefix(bytes.count / 2), bytes.prefix(CacheFile.headerSize)]
        for position in [0, 8, 16, 24, 32, 40, 48, 60, bytes.count / 3, bytes.count - 1] {
            var copy = bytes
            copy[position] ^= 0x5A
            damaged.append(copy)
        }
        for data in damaged {
            try data.write(to: file)
            #expect(throws: CacheDamage.self) { try ClusterCache.read(file, key: Self.key) }
        }
        // Damage behind a correct digest: whatever decodes, decodes without a crash, and a cache
        // whose inputs digest is damaged is not taken.
        let payload = [UInt8](bytes.dropFirst(CacheFile.headerSize))
        let inputs = ClusterCache.inputs(of: graph, known: nil)
        for _ in 0..<40 {
            var copy = payload
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            try CacheFile.write(to: file, kind: ClusterCache.kind, key: Self.key) { try $0.write(copy) }
            if let decoded = try? ClusterCache.read(file, key: Self.key), decoded.inputs.digest != inputs.digest {
                #expect(decoded.clusters(for: inputs) == nil)
            }
        }
        // Whole, but made from other inputs.
        var other = try Self.cache(of: graph, in: tree)
        other.inputs.digest = ContentHash(high: inputs.digest.high ^ 1, low: inputs.digest.low)
        try other.write(to: file)
        #expect(try #require(try ClusterCache.read(file, key: Self.key)).clusters(for: inputs) == nil)
    }
}
