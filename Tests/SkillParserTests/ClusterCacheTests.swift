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

    /// Runs the collection with both caches, applies `edit`, and runs again with the clusters the
    /// last run's cache offers: the clusters must be a fresh run's, with or without the duplicate
    /// cache. Returns how many clusters the second run kept, and how many it has.
    static func kept(after edit: (FixtureTree) throws -> Void) throws -> (kept: Int, of: Int) {
        let tree = try DuplicateCacheTests.collection()
        let graph = try Self.graph(tree)
        let first = DuplicateFinder().run(in: graph, reusing: nil, clusters: nil, key: key)
        #expect(first.groups.count == first.clusters.count)
        let file = tree.root.appendingPathComponent(".clusters")
        try ClusterCache(key: key, inputs: ClusterCache.inputs(of: graph, known: nil), clusters: first.clusters,
                         groups: first.groups, skillCount: graph.skills.count).write(to: file)
        let cache = try #require(try ClusterCache.read(file, key: key))
        #expect(cache.groups == first.groups && cache.skillCount == graph.skills.count)
        let duplicates = try DuplicateCacheTests.roundTrip(first.cache)
        try edit(tree)
        let edited = try Self.graph(tree)
        let fresh = DuplicateFinder().clusters(in: edited)
        let reusable = try #require(cache.reusable(for: edited))
        let second = DuplicateFinder().run(in: edited, reusing: duplicates, clusters: reusable, key: key)
        #expect(second.clusters == fresh)
        #expect(second.groups.count == fresh.count)
        let withoutDuplicates = DuplicateFinder().run(in: edited, reusing: nil, clusters: reusable, key: key)
        #expect(withoutDuplicates.clusters == fresh)
        #expect(withoutDuplicates.groups == second.groups)
        // The kept clusters' groups are found again by a run that kept nothing.
        #expect(DuplicateFinder().run(in: edited, reusing: nil, clusters: nil, key: key).groups == second.groups)
        return (second.statistics.reusedClusters, second.clusters.count)
    }

    @Test func aRunWhoseRulesChangedInOneFileKeepsTheOtherClustersAndFindsAFreshRunsClusters() throws {
        let rule = { (tree: FixtureTree, skill: Int) throws -> String in
            String(try #require(try tree.read("skill-\(skill)/SKILL.md").split(separator: "\n").first { $0.hasPrefix("- ") }))
        }
        var results: [(kept: Int, of: Int)] = []
        // Another skill's rule appended (it joins a cluster or makes one).
        results.append(try Self.kept { tree in
            try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md") + rule(tree, 7) + "\n")
        })
        // A new rule of its own appended, and a rule stated once more in a new file.
        results.append(try Self.kept { tree in
            try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md") + "- Always validate the input before you store it.\n")
            try tree.write("skill-3/references/more.md", "# More\n\n" + rule(tree, 11) + "\n")
        })
        // A rule's text changed, and a rule taken out.
        results.append(try Self.kept { tree in
            let line = try rule(tree, 4)
            try tree.write("skill-4/SKILL.md", try tree.read("skill-4/SKILL.md").replacingOccurrences(of: line, with: line + " Then stop."))
            try tree.write("skill-9/SKILL.md", try tree.read("skill-9/SKILL.md").replacingOccurrences(of: try rule(tree, 9) + "\n", with: ""))
        })
        // Every rule of a file one line lower (their places changed, not their texts).
        results.append(try Self.kept { tree in
            try tree.write("skill-5/SKILL.md", try tree.read("skill-5/SKILL.md").replacingOccurrences(of: "# Skill 5\n", with: "# Skill 5\n\nProse.\n"))
        })
        // A skill renamed (its members carry the name).
        results.append(try Self.kept { tree in
            try tree.write("skill-8/SKILL.md", try tree.read("skill-8/SKILL.md").replacingOccurrences(of: "name: skill-8", with: "name: skill-eight"))
        })
        for result in results { #expect(result.kept > 0 && result.kept < result.of) }
        // Another number of skills (what is boilerplate): nothing kept, the same clusters as a fresh run.
        let added = try Self.kept { tree in
            try tree.write("skill-99/SKILL.md", "---\nname: skill-99\ndescription: No rules.\n---\n\n# Skill 99\n\nProse.\n")
        }
        #expect(added.kept == 0)
        // A skill's file deleted: one skill fewer.
        #expect(try Self.kept { tree in try FileManager.default.removeItem(at: tree.root.appendingPathComponent("skill-6/SKILL.md")) }.kept == 0)
    }

    /// A rebuild that changed no rule writes the cache again with new inputs and the clusters'
    /// bytes as read: the same bytes a cache made afresh from those clusters has, and once the
    /// clusters change, theirs.
    @Test func aCacheWrittenAgainHasTheBytesOfOneMadeAfresh() throws {
        let tree = try DuplicateCacheTests.collection()
        let graph = try Self.graph(tree)
        let read = try Self.cache(of: graph, in: tree)
        func fresh(_ cache: ClusterCache) -> [UInt8] {
            ClusterCache(key: cache.key, inputs: cache.inputs, clusters: cache.clusters, groups: cache.groups,
                         skillCount: cache.skillCount).encoded()
        }
        var next = read
        next.inputs.digest = ContentHash(high: 1, low: 2)
        next.inputs.rules[ContentHash(high: 3, low: 4)] = ContentHash(high: 5, low: 6)
        #expect(next.encoded() == fresh(next))
        let file = tree.root.appendingPathComponent(".clusters-again")
        try next.write(to: file)
        let again = try #require(try ClusterCache.read(file, key: Self.key))
        #expect(again.inputs == next.inputs && again.clusters == read.clusters)
        // Changed clusters, groups or skill count are encoded anew.
        var fewer = again
        fewer.clusters.removeFirst()
        fewer.groups = []
        #expect(fewer.encoded() == fresh(fewer))
        var counted = again
        counted.skillCount += 1
        #expect(counted.encoded() == fresh(counted))
        #expect(counted.encoded() != again.encoded())
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
