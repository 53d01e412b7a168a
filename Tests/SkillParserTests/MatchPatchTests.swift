import Foundation
import Testing
import TestSupport
@testable import SkillDuplicates
@testable import SkillParser

/// A run whose rules changed in a few places patches the last run's verified pairs
/// (`MatchPatch`) and finds exactly the pairs, and so the clusters, a full run finds; one run
/// after another, each from the cache the patched run wrote.
@Suite struct MatchPatchTests {
    static let key = DuplicateCacheTests.key

    /// Applies each edit in turn; after each, a run from the last run's cache (read back from its
    /// files) must patch, and match the pairs and clusters of a run without a cache.
    static func expectPatchedRunsAreFull(_ edits: [(FixtureTree) throws -> Void]) throws {
        let tree = try DuplicateCacheTests.collection()
        var cache = DuplicateFinder().run(in: try DuplicateCacheTests.graph(tree), reusing: nil, key: key).cache
        for edit in edits {
            try edit(tree)
            let graph = try DuplicateCacheTests.graph(tree)
            let full = DuplicateFinder().run(in: graph, reusing: nil, key: key)
            let patched = DuplicateFinder().run(in: graph, reusing: try DuplicateCacheTests.roundTrip(cache), key: key)
            // A rule stated once more changes no distinct text: the last pairs are taken whole.
            #expect(patched.statistics.patchedMatching || patched.statistics.reusedMatching)
            #expect(patched.cache.matched?.verifiedUnits == full.cache.matched?.verifiedUnits)
            #expect(patched.cache.matched?.pairs == full.cache.matched?.pairs)
            #expect(patched.clusters == full.clusters)
            cache = patched.cache
        }
    }

    static func firstRule(_ tree: FixtureTree, _ skill: Int) throws -> String {
        try #require(try DuplicateCacheTests.rules(tree, "skill-\(skill)/SKILL.md").first)
    }

    @Test func addedChangedAndRemovedRulesPatchToAFullRunsPairs() throws {
        try Self.expectPatchedRunsAreFull([
            // A rule of its own, then another skill's rule stated again.
            { tree in try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md") + "- Always validate the input before you store it.\n") },
            { tree in try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md") + "- \(try Self.firstRule(tree, 7))\n") },
            // One word of a rule changed (a near duplicate of the old one, which goes).
            { tree in
                let rule = try Self.firstRule(tree, 4)
                var words = rule.split(separator: " ").map(String.init)
                words[words.count / 2] = "custom"
                try tree.write("skill-4/SKILL.md", try tree.read("skill-4/SKILL.md").replacingOccurrences(of: rule, with: words.joined(separator: " ")))
            },
            // A rule taken out, and a whole file of rules taken from other skills.
            { tree in
                let rule = try Self.firstRule(tree, 9)
                try tree.write("skill-9/SKILL.md", try tree.read("skill-9/SKILL.md").replacingOccurrences(of: "- \(rule)\n", with: ""))
            },
            { tree in
                let rules = try (10..<16).map { "- When in doubt, \(try Self.firstRule(tree, $0).lowercased())" }
                try tree.write("skill-2/references/copied.md", "# Copied\n\n" + rules.joined(separator: "\n") + "\n")
            },
            // That file deleted again: its texts and their units go.
            { tree in try FileManager.default.removeItem(at: tree.root.appendingPathComponent("skill-2/references/copied.md")) },
        ])
    }

    @Test func unitsOutOfTheLastOrderAreTheFewestLeftOut() {
        #expect(MatchPatch.outOfOrder([]).isEmpty)
        #expect(MatchPatch.outOfOrder([1, 4, 9]).isEmpty)
        #expect(MatchPatch.outOfOrder([1, 9, 2, 3, 4]) == [1])
        #expect(MatchPatch.outOfOrder([5, 1, 2, 3]) == [0])
        let left = MatchPatch.outOfOrder([3, 1, 2, 8, 4, 5, 9])
        #expect(left.count == 2)
        let rest = [3, 1, 2, 8, 4, 5, 9].enumerated().filter { !left.contains($0.offset) }.map(\.element)
        #expect(rest == rest.sorted())
    }

    @Test func bucketsLargerThanAFullBucketPatchTheirWindows() throws {
        // 80 variants of one rule, one word apart, in four files: their units share bands in
        // buckets of more than `CandidatePairs.fullBucket`, where each unit pairs with the next
        // `window` only, so a variant added or removed in the middle moves the windows.
        #expect(80 > CandidatePairs().fullBucket)
        let variant = { (index: Int) in "- Keep the label of the system alert short and clear for the reader number w\(index)x today.\n" }
        try Self.expectPatchedRunsAreFull([
            { tree in
                for file in 0..<4 {
                    try tree.write("skill-\(file)/references/variants.md", "# Variants\n\n" + (0..<20).map { variant(file * 20 + $0) }.joined())
                }
            },
            { tree in try tree.write("skill-1/references/variants.md", try tree.read("skill-1/references/variants.md") + variant(500)) },
            { tree in
                try tree.write("skill-2/references/variants.md", try tree.read("skill-2/references/variants.md").replacingOccurrences(of: variant(45), with: ""))
            },
        ])
    }

    @Test func aRuleRestatedAsTheSentenceOfAnotherPatches() throws {
        // A text added whose whole is a sentence of an existing rule: that unit gains a whole owner.
        try Self.expectPatchedRunsAreFull([
            { tree in
                try tree.write("skill-1/references/a.md", "# A\n\n- Keep every label of the system alert short and clear. Prefer the system sheet to a custom menu with icons.\n")
            },
            { tree in try tree.write("skill-2/references/b.md", "# B\n\n- Prefer the system sheet to a custom menu with icons.\n") },
            { tree in try FileManager.default.removeItem(at: tree.root.appendingPathComponent("skill-1/references/a.md")) },
        ])
    }
}
