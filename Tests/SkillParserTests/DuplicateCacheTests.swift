import Foundation
import Testing
import TestSupport
@testable import SkillDuplicates
@testable import SkillParser

/// A run that takes unchanged files' work from the duplicate cache finds the clusters a fresh
/// run finds, whatever changed in between; a cache that is not ours or is damaged is ignored.
@Suite struct DuplicateCacheTests {
    static let key = DuplicateCache.key(options: DuplicateOptions(), tool: ContentHash(high: 7, low: 11))

    /// 24 skills of 25 rules from a small vocabulary, with exact, one-word-changed and restated
    /// copies across skills.
    static func collection() throws -> FixtureTree {
        var generator = SeededGenerator(seed: 42)
        let words = ["button", "label", "alert", "sheet", "menu", "colour", "contrast", "icon", "motion", "sound",
                     "show", "hide", "keep", "avoid", "prefer", "short", "clear", "large", "system", "custom",
                     "the", "a", "to", "of", "and", "in", "for", "with"]
        var rules: [String] = []
        var files: [String: String] = [:]
        for skill in 0..<24 {
            var lines = ["---", "name: skill-\(skill)", "description: Rules of skill \(skill).", "---", "", "# Skill \(skill)", ""]
            for _ in 0..<25 {
                let roll = Int.random(in: 0..<10, using: &generator)
                var rule: String
                if roll < 2, let original = rules.randomElement(using: &generator) {
                    rule = original
                } else if roll < 3, let original = rules.randomElement(using: &generator) {
                    var tokens = original.split(separator: " ").map(String.init)
                    tokens[Int.random(in: 0..<tokens.count, using: &generator)] = words.randomElement(using: &generator)!
                    rule = tokens.joined(separator: " ")
                } else if roll < 4, let original = rules.randomElement(using: &generator) {
                    rule = "When in doubt, \(original.lowercased()) and then review it again with care."
                } else {
                    rule = (0..<Int.random(in: 8..<16, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                        .joined(separator: " ").capitalized + ". Then " + words.shuffled(using: &generator).prefix(9).joined(separator: " ") + "."
                }
                rules.append(rule)
                lines.append("- \(rule)")
            }
            files["skill-\(skill)/SKILL.md"] = lines.joined(separator: "\n") + "\n"
        }
        return try FixtureTree(files)
    }

    static func graph(_ tree: FixtureTree) throws -> SkillGraph {
        try CollectionLoader.load(root: tree.path)
    }

    /// Runs with `cache`, checks the clusters against a fresh run, and returns what the run reused and its cache.
    @discardableResult
    static func expectSameAsFresh(_ graph: SkillGraph, cache: DuplicateCache?) -> (DuplicateStatistics, DuplicateCache) {
        let fresh = DuplicateFinder().clusters(in: graph)
        let (clusters, statistics, next) = DuplicateFinder().run(in: graph, reusing: cache, key: key)
        #expect(clusters == fresh)
        return (statistics, next)
    }

    /// The cache in `file`, which must be there and whole (its sketches stay in their file).
    static func read(_ file: URL) throws -> DuplicateCache {
        try #require(DuplicateCache(file: file, key: key))
    }

    /// A fresh run's cache of `tree`, written to `dedupe` in its folder: the files, with the cache.
    static func firstCacheWritten(_ tree: FixtureTree) throws -> (file: URL, sketches: URL, delta: URL, cache: DuplicateCache) {
        let file = tree.root.appendingPathComponent("dedupe")
        let sketchFile = CachedSketches.file(besideCache: file)
        let (_, first) = expectSameAsFresh(try graph(tree), cache: nil)
        try first.write(to: file)
        return (file, sketchFile, CachedSketches.deltaFile(of: sketchFile), first)
    }

    /// Writes `cache` and reads it back, with its sketches (read before the folder goes).
    static func roundTrip(_ cache: DuplicateCache) throws -> DuplicateCache {
        let tree = try FixtureTree()
        let file = tree.root.appendingPathComponent("dedupe")
        try cache.write(to: file)
        var read = try #require(DuplicateCache(file: file, key: key))
        read.sketches = read.loadedSketches().map { .held($0) } ?? .none
        return read
    }

    @Test func aCachedRunOfTheSameFilesReusesEverythingAndFindsTheSameClusters() throws {
        let tree = try Self.collection()
        let graph = try Self.graph(tree)
        #expect(DuplicateFinder().clusters(in: graph).count > 20)
        let (_, first) = Self.expectSameAsFresh(graph, cache: nil)
        let (statistics, _) = Self.expectSameAsFresh(graph, cache: try Self.roundTrip(first))
        #expect(statistics.reusedFiles == graph.documents.count)
        #expect(statistics.reusedUnits == statistics.units)
        #expect(statistics.reusedMatching)
    }

    @Test func anEditThatChangesNoRuleReusesThePairsMatchedAcrossFiles() throws {
        let tree = try Self.collection()
        let (_, cache) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        // A paragraph is not a rule, and an inserted heading moves every rule below it.
        let text = try tree.read("skill-3/SKILL.md")
        try tree.write("skill-3/SKILL.md", text.replacingOccurrences(of: "# Skill 3\n", with: "# Skill 3\n\n## Moved\n\nSome prose.\n")
                       + "\nA closing paragraph, not a rule.\n")
        let graph = try Self.graph(tree)
        let (statistics, _) = Self.expectSameAsFresh(graph, cache: try Self.roundTrip(cache))
        #expect(statistics.reusedFiles == graph.documents.count - 1)
        #expect(statistics.reusedMatching)
    }

    @Test func aRuleWhoseSentencesBecomeLinksIsMatchedAnew() throws {
        let tree = try Self.collection()
        let rule = "Keep every label of the system alert short and clear. Prefer the system sheet to a custom menu with icons."
        let linked = "Keep every label of the system alert short and clear. [Prefer the system sheet to a custom menu with icons](x.md)."
        try tree.write("skill-1/references/a.md", "# A\n\n- \(rule)\n")
        try tree.write("skill-2/references/b.md", "# B\n\n- Prefer the system sheet to a custom menu with icons.\n")
        let (_, cache) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        try tree.write("skill-1/references/a.md", "# A\n\n- \(linked)\n")
        let (statistics, _) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.roundTrip(cache))
        #expect(!statistics.reusedMatching)
    }

    @Test func aChangedFileIsComparedAnew() throws {
        let tree = try Self.collection()
        let (_, cache) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        var text = try tree.read("skill-3/SKILL.md")
        text = text.replacingOccurrences(of: "\n- ", with: "\n- Always ", options: [], range: text.range(of: "\n- "))
        try tree.write("skill-3/SKILL.md", text + "- Keep every label short and clear for the system alert sheet.\n")
        let graph = try Self.graph(tree)
        let (statistics, _) = Self.expectSameAsFresh(graph, cache: try Self.roundTrip(cache))
        #expect(statistics.reusedFiles == graph.documents.count - 1)
        #expect(!statistics.reusedMatching)
    }

    @Test func aDeletedFileLeavesItsClusters() throws {
        let tree = try Self.collection()
        let (_, cache) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("skill-5"))
        let graph = try Self.graph(tree)
        let (statistics, _) = Self.expectSameAsFresh(graph, cache: try Self.roundTrip(cache))
        #expect(statistics.reusedFiles == graph.documents.count)
    }

    @Test func aNewDuplicateInANewFileIsFound() throws {
        let tree = try Self.collection()
        let (_, cache) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        let rule = "Never hide the contrast setting behind a custom menu of the system sheet."
        try tree.write("skill-7/references/extra.md", "# Extra\n\n- \(rule)\n")
        try tree.write("skill-8/references/more.md", "# More\n\n- \(rule)\n")
        let graph = try Self.graph(tree)
        Self.expectSameAsFresh(graph, cache: try Self.roundTrip(cache))
        let clusters = DuplicateFinder().run(in: graph, reusing: try Self.roundTrip(cache), key: Self.key).clusters
        #expect(clusters.contains { $0.representative == rule && $0.skillCount == 2 })
    }

    @Test func keysMadeUnderOtherCommonSlotsAreMadeAgain() throws {
        let tree = try Self.collection()
        let graph = try Self.graph(tree)
        var (_, cache) = Self.expectSameAsFresh(graph, cache: nil)
        cache = try Self.roundTrip(cache)
        var sketches = try #require(cache.loadedSketches())
        sketches.commonSlots = sketches.commonSlots.map { ~$0 }
        cache.sketches = .held(sketches)
        // Without its matched pairs, so that the run matches again and reads the sketches.
        cache.matched = nil
        let (statistics, _) = Self.expectSameAsFresh(graph, cache: cache)
        #expect(statistics.reusedUnits < statistics.units)
    }

    /// The rules (list items) of a file of the collection.
    static func rules(_ tree: FixtureTree, _ path: String) throws -> [String] {
        try tree.read(path).split(separator: "\n").filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    }

    @Test func aRebuildThatChangesNoRuleWritesNeitherTextsNorSketches() throws {
        let tree = try Self.collection()
        let (_, first) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        let file = tree.root.appendingPathComponent("dedupe")
        try first.write(to: file)
        let sketchFile = CachedSketches.file(besideCache: file)
        let written = try FileManager.default.attributesOfItem(atPath: sketchFile.path)[.systemFileNumber] as? Int
        try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md") + "\nA closing paragraph, not a rule.\n")
        // Damaged sketches would only cost a rebuild that matches again its reuse: this one never opens them.
        let sketchBytes = try Data(contentsOf: sketchFile)
        try Data("not sketches".utf8).write(to: sketchFile)
        let (statistics, next) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.read(file))
        #expect(statistics.reusedMatching)
        try sketchBytes.write(to: sketchFile)
        let kept = try FileManager.default.attributesOfItem(atPath: sketchFile.path)[.systemFileNumber] as? Int
        let textsFile = DuplicateCache.textsFile(besideCache: file)
        let keptTexts = try FileManager.default.attributesOfItem(atPath: textsFile.path)[.systemFileNumber] as? Int
        try next.write(to: file)
        // Neither the sketches nor the texts are written again; the files part is, and reads back with them.
        #expect(try FileManager.default.attributesOfItem(atPath: sketchFile.path)[.systemFileNumber] as? Int == kept)
        #expect(try FileManager.default.attributesOfItem(atPath: textsFile.path)[.systemFileNumber] as? Int == keptTexts)
        #expect(try Self.read(file).documents.count == next.documents.count)
        #expect(written != nil)
        // The next rebuild changes a rule: it matches again, sketching only the new units.
        try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md") + "- Keep every alert label short and clear for the system sheet.\n")
        let (again, _) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.read(file))
        #expect(!again.reusedMatching)
        #expect(again.reusedUnits > 0 && again.reusedUnits < again.units)
    }

    /// A `--full` run reads nothing, yet leaves the texts and sketches files in place when they
    /// hold its texts' (their first column says so), and replaces them when they do not.
    @Test func aFullRunLeavesTheTextsAndSketchesOfTheSameTexts() throws {
        let tree = try Self.collection()
        let file = tree.root.appendingPathComponent("dedupe")
        let (textsFile, sketchFile) = (DuplicateCache.textsFile(besideCache: file), CachedSketches.file(besideCache: file))
        func identities() throws -> [Int?] {
            try [textsFile, sketchFile].map { try FileManager.default.attributesOfItem(atPath: $0.path)[.systemFileNumber] as? Int }
        }
        let (_, first) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        try first.write(to: file)
        let written = try identities()
        // A prose edit: the same texts, so the same bytes; the files stay, and the cache reads back whole.
        try tree.write("skill-3/SKILL.md", try tree.read("skill-3/SKILL.md") + "\nA closing paragraph, not a rule.\n")
        var (_, full) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        full.leavesFilesOfTheSameTexts = true
        try full.write(to: file)
        #expect(try identities() == written)
        #expect(try Self.read(file).loadedSketches()?.count == first.loadedSketches()?.count)
        let (statistics, _) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.read(file))
        #expect(statistics.reusedMatching)
        // Without the flag (a run that found the cache unusable), both are written again.
        full.leavesFilesOfTheSameTexts = false
        try full.write(to: file)
        let rewritten = try identities()
        #expect(rewritten[0] != written[0] && rewritten[1] != written[1])
        // A changed rule: other texts, so both are replaced, and a rebuild from them matches as a fresh run.
        try tree.write("skill-5/SKILL.md", try tree.read("skill-5/SKILL.md") + "- Prefer a short label to a long one in every system alert.\n")
        var (_, changed) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        changed.leavesFilesOfTheSameTexts = true
        try changed.write(to: file)
        let replaced = try identities()
        #expect(replaced[0] != rewritten[0] && replaced[1] != rewritten[1])
        try tree.write("skill-6/SKILL.md", try tree.read("skill-6/SKILL.md") + "- Keep every alert label short and clear for the system sheet.\n")
        let (again, _) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.read(file))
        #expect(again.reusedUnits > 0)
    }

    @Test func aRebuildWhoseSketchesAreMissingOrDamagedSketchesEverything() throws {
        let tree = try Self.collection()
        let (_, first) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        let file = tree.root.appendingPathComponent("dedupe")
        try first.write(to: file)
        let sketchFile = CachedSketches.file(besideCache: file)
        try tree.write("skill-5/SKILL.md", try tree.read("skill-5/SKILL.md") + "- Prefer a short label to a long one in every system alert.\n")
        let bytes = try Data(contentsOf: sketchFile)
        var damaged = bytes
        damaged[bytes.count - 3] ^= 0x21
        for data in [Data(), bytes.prefix(bytes.count / 2), damaged] {
            try data.write(to: sketchFile)
            let (statistics, _) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.read(file))
            #expect(statistics.reusedUnits == 0)
            #expect(statistics.reusedFiles > 0)
        }
    }

    /// The sketches file and its delta damaged behind a correct digest (their columns read where they
    /// are in the payload, no copy checked afterwards): refused or read, never a crash, and a run
    /// with what was read finds the clusters a fresh run finds.
    @Test func sketchesDamagedBehindACorrectDigestAreRefusedOrReadWithoutACrash() throws {
        let tree = try Self.collection()
        let (file, sketchFile, deltaFile, _) = try Self.firstCacheWritten(tree)
        try tree.write("skill-5/SKILL.md", try tree.read("skill-5/SKILL.md") + "- Prefer a short label to a long one in every system alert.\n")
        let (_, second) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.read(file))
        try second.write(to: file)
        #expect(FileManager.default.fileExists(atPath: deltaFile.path))
        try tree.write("skill-6/SKILL.md", try tree.read("skill-6/SKILL.md") + "- Keep every alert label short and clear for the system sheet.\n")
        let graph = try Self.graph(tree)
        var generator = SeededGenerator(seed: 9)
        for (target, kind) in [(sketchFile, CachedSketches.kind), (deltaFile, CachedSketches.deltaKind)] {
            let bytes = try Data(contentsOf: target)
            let payload = [UInt8](bytes.dropFirst(CacheFile.headerSize))
            for round in 0..<40 {
                var copy = payload
                if round < 8 {
                    // One of the first words (the texts keys, band count and columns' counts) made huge or small.
                    let position = 8 * Int.random(in: 0..<min(64, copy.count / 8), using: &generator)
                    let value: UInt64 = round % 2 == 0 ? .max >> Int.random(in: 0..<40, using: &generator) : UInt64(round)
                    withUnsafeBytes(of: value.littleEndian) { copy.replaceSubrange(position..<(position + 8), with: $0) }
                } else {
                    for _ in 0..<Int.random(in: 1...4, using: &generator) {
                        copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                    }
                }
                try CacheFile.write(to: target, kind: kind, key: Self.key) { try $0.write(copy) }
                if let cache = DuplicateCache(file: file, key: Self.key) {
                    _ = cache.loadedSketches()
                    _ = DuplicateFinder().run(in: graph, reusing: cache, key: Self.key)
                }
            }
            try bytes.write(to: target)
        }
        let (statistics, _) = Self.expectSameAsFresh(graph, cache: try Self.read(file))
        #expect(statistics.patchedMatching)
    }

    /// A rebuild whose rules changed leaves the texts and sketches files: `dedupe` keeps where each
    /// text is in the texts file and the new ones, a delta beside the sketches file the new units'
    /// sketches. The next rebuild reads them as the texts and sketches that run made, and patches its
    /// matching from them. A damaged delta is not used; one made against another base is left out.
    @Test func aChangedRuleLeavesTheTextsAndSketchesFilesAndKeepsWhatItAdds() throws {
        let tree = try Self.collection()
        let (file, sketchFile, deltaFile, first) = try Self.firstCacheWritten(tree)
        let base = try Data(contentsOf: sketchFile)
        let textsFile = DuplicateCache.textsFile(besideCache: file)
        let texts = try Data(contentsOf: textsFile)
        #expect(!FileManager.default.fileExists(atPath: deltaFile.path))
        var cache = try Self.read(file)
        // Three added in turn (each delta keeps the units the one before added, as extra units of
        // the base), then the first taken out again (its units are gone).
        let firstRule = "- Prefer a short label to a long one in every system alert.\n"
        let edits: [(Int, (String) -> String)] = [
            (5, { $0 + firstRule }),
            (6, { $0 + "- Keep every alert label short and clear for the system sheet.\n" }),
            (4, { $0 + "- Offer a clear undo for each destructive action in the editing toolbar.\n" }),
            (5, { $0.replacingOccurrences(of: firstRule, with: "") }),
        ]
        for (skill, edit) in edits {
            try tree.write("skill-\(skill)/SKILL.md", edit(try tree.read("skill-\(skill)/SKILL.md")))
            let (statistics, next) = Self.expectSameAsFresh(try Self.graph(tree), cache: cache)
            #expect(statistics.patchedMatching)
            try next.write(to: file)
            #expect(try Data(contentsOf: sketchFile) == base)
            #expect(try Data(contentsOf: textsFile) == texts)
            cache = try Self.read(file)
            #expect(cache.textsKey == next.textsKey && cache.texts.count == next.texts.count)
            #expect(zip(cache.texts, next.texts).allSatisfy { $0.isSameForMatching(as: $1) && $0.hashes == $1.hashes })
            #expect(cache.base.map { $0.places.count { $0 < 0 } } ?? 0 > 0)
            let loaded = try #require(cache.loadedSketches())
            guard case .held(let made) = next.sketches else {
                Issue.record("the run made no sketches")
                return
            }
            #expect(loaded.textsKey == made.textsKey && loaded.allUnitKeys == made.allUnitKeys && loaded.allBandKeys == made.allBandKeys)
            #expect(loaded.commonSlots == made.commonSlots && loaded.allFeatures == made.allFeatures)
            // The slot counts, taken from the last run's and patched, are those of counting every feature.
            #expect(made.slotCounts.count == FeatureFrequency.slotCount && loaded.slotCounts == made.slotCounts)
            #expect(made.slotCounts == FeatureFrequency(featureSets: made.features).counts)
            #expect((loaded.base?.extraCount ?? 0) > 0 && loaded.base?.count == first.loadedSketches()?.count)
        }
        let delta = try Data(contentsOf: deltaFile)
        try tree.write("skill-7/SKILL.md", try tree.read("skill-7/SKILL.md")
                       + "- Never hide the contrast setting behind a custom menu of the system sheet.\n")
        var damaged = delta
        damaged[delta.count - 5] ^= 0x21
        for data in [damaged, delta.prefix(delta.count / 2), Data("not a delta".utf8)] {
            try data.write(to: deltaFile)
            #expect(throws: CacheDamage.self) { try CachedSketches.read(sketchFile, key: Self.key) }
            let (statistics, _) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.read(file))
            #expect(statistics.reusedUnits == 0)
        }
        // A run without a usable cache writes the whole file, and removes the delta of the old base.
        let (_, fresh) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        try fresh.write(to: file)
        #expect(!FileManager.default.fileExists(atPath: deltaFile.path))
        #expect(try Data(contentsOf: sketchFile) != base)
        // The old delta put back: made against another base, it is left out and the base read alone.
        try delta.write(to: deltaFile)
        let alone = try #require(try CachedSketches.read(sketchFile, key: Self.key))
        #expect(alone.textsKey == fresh.textsKey && alone.base?.extraCount == 0)
        let (statistics, _) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.read(file))
        #expect(statistics.reusedUnits == statistics.units)
    }

    /// Copies of rules that are already there change no distinct text: the matched pairs are
    /// reused, and the clusters of unchanged files still gain and lose the copies' places.
    @Test func aCopyOfAnUnchangedFilesRuleJoinsAndLeavesItsCluster() throws {
        let tree = try Self.collection()
        let graph = try Self.graph(tree)
        let (_, cache) = Self.expectSameAsFresh(graph, cache: nil)
        let clusters = DuplicateFinder().clusters(in: graph)
        // A rule of skill-4 in a cluster, and one in none.
        let rules = try Self.rules(tree, "skill-4/SKILL.md")
        let clustered = try #require(rules.first { rule in clusters.contains { $0.members.contains { $0.text == rule } } })
        let single = try #require(rules.first { rule in !clusters.contains { $0.members.contains { $0.text == rule } } })
        let original = try tree.read("skill-9/SKILL.md")
        try tree.write("skill-9/SKILL.md", original + "- \(clustered)\n- \(single)\n")
        let copied = try Self.graph(tree)
        let (statistics, next) = Self.expectSameAsFresh(copied, cache: try Self.roundTrip(cache))
        #expect(statistics.reusedMatching)
        let grown = DuplicateFinder().clusters(in: copied)
        let before = try #require(clusters.first { $0.members.contains { $0.text == clustered } })
        let after = try #require(grown.first { $0.members.contains { $0.text == clustered } })
        #expect(after.count == before.count + 1)
        #expect(grown.contains { $0.members.count == 2 && $0.members.allSatisfy { $0.text == single } })
        // And back: the copies removed, the clusters are the first ones.
        try tree.write("skill-9/SKILL.md", original)
        let (back, _) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.roundTrip(next))
        #expect(back.reusedMatching)
        #expect(DuplicateFinder().clusters(in: try Self.graph(tree)) == clusters)
    }

    /// A changed file whose rule now restates an unchanged file's rule: that rule's cluster gains it;
    /// and when the edit is undone, loses it again.
    @Test func anEditedRuleJoinsAndLeavesAnUnchangedFilesCluster() throws {
        let tree = try Self.collection()
        let (_, cache) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        let target = try #require(try Self.rules(tree, "skill-11/SKILL.md").last)
        let original = try tree.read("skill-12/SKILL.md")
        let edited = original.replacingOccurrences(of: "- " + (try Self.rules(tree, "skill-12/SKILL.md")[0]),
                                                   with: "- In every release, \(target.prefix(1).lowercased() + target.dropFirst())")
        #expect(edited != original)
        try tree.write("skill-12/SKILL.md", edited)
        let (statistics, next) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.roundTrip(cache))
        #expect(!statistics.reusedMatching)
        #expect(DuplicateFinder().clusters(in: try Self.graph(tree)).contains { cluster in
            cluster.members.contains { $0.text == target } && cluster.members.contains { $0.text.hasPrefix("In every release") }
        })
        try tree.write("skill-12/SKILL.md", original)
        let (back, _) = Self.expectSameAsFresh(try Self.graph(tree), cache: try Self.roundTrip(next))
        #expect(!back.reusedMatching)
    }

    @Test func aCacheWithAnotherKeyIsIgnored() throws {
        let tree = try Self.collection()
        let (_, cache) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        let file = tree.root.appendingPathComponent("dedupe")
        try cache.write(to: file)
        var options = DuplicateOptions()
        options.threshold = 0.7
        #expect(DuplicateCache(file: file, key: DuplicateCache.key(options: options, tool: ContentHash(high: 7, low: 11))) == nil)
        #expect(DuplicateCache(file: file, key: DuplicateCache.key(options: DuplicateOptions(), tool: ContentHash(high: 7, low: 12))) == nil)
        let (_, statistics, _) = DuplicateFinder().run(in: try Self.graph(tree), reusing: nil, key: Self.key)
        #expect(statistics.reusedFiles == 0)
    }

    @Test func aDamagedCacheIsIgnoredWithoutACrash() throws {
        let tree = try Self.collection()
        let graph = try Self.graph(tree)
        let (_, cache) = Self.expectSameAsFresh(graph, cache: nil)
        let file = tree.root.appendingPathComponent("dedupe")
        try cache.write(to: file)
        var generator = SeededGenerator(seed: 5)
        // The files' part and the texts' part, each damaged while the other is whole.
        for (target, kind) in [(file, DuplicateCache.kind), (DuplicateCache.textsFile(besideCache: file), DuplicateCache.textsKind)] {
            let bytes = try Data(contentsOf: target)
            var damaged: [Data] = [Data(), Data("not a cache".utf8), bytes.prefix(bytes.count / 2), bytes.prefix(CacheFile.headerSize)]
            for position in [0, 8, 16, 24, 32, 40, 48, 60, bytes.count / 3, bytes.count - 1] {
                var copy = bytes
                copy[position] ^= 0x5A
                damaged.append(copy)
            }
            for _ in 0..<50 {
                var copy = bytes
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                damaged.append(copy)
            }
            for data in damaged where data != bytes {
                try data.write(to: target)
                #expect(DuplicateCache(file: file, key: Self.key) == nil)
            }
            // Damage behind a correct digest: whatever decodes must run without a crash.
            for _ in 0..<20 {
                var payload = [UInt8](bytes.dropFirst(CacheFile.headerSize))
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    payload[Int.random(in: 0..<payload.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                try CacheFile.write(to: target, kind: kind, key: Self.key) { try $0.write(payload) }
                if let decoded = DuplicateCache(file: file, key: Self.key) {
                    _ = DuplicateFinder().run(in: graph, reusing: decoded, key: Self.key)
                }
            }
            try bytes.write(to: target)
            #expect(DuplicateCache(file: file, key: Self.key) != nil)
        }
        // Texts of another build: both parts whole, their texts keys differ.
        let textsFile = DuplicateCache.textsFile(besideCache: file)
        let texts = try Data(contentsOf: textsFile)
        try tree.write("skill-2/SKILL.md", try tree.read("skill-2/SKILL.md") + "- Keep the alert short and the label clear for every system sheet.\n")
        let (_, other) = Self.expectSameAsFresh(try Self.graph(tree), cache: nil)
        try other.write(to: file)
        #expect(DuplicateCache(file: file, key: Self.key) != nil)
        try texts.write(to: textsFile)
        #expect(DuplicateCache(file: file, key: Self.key) == nil)
        do {
            _ = try DuplicateCache.read(file, key: Self.key)
            Issue.record("read a cache whose texts are another build's")
        } catch {
            #expect("\(error)".contains("another build"))
        }
        try FileManager.default.removeItem(at: textsFile)
        do {
            _ = try DuplicateCache.read(file, key: Self.key)
            Issue.record("read a cache without its texts")
        } catch {
            #expect("\(error)".contains("dedupe-texts"))
        }
        // A folder where the file should be, and no file at all.
        try FileManager.default.removeItem(at: file)
        #expect(DuplicateCache(file: file, key: Self.key) == nil)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        #expect(DuplicateCache(file: file, key: Self.key) == nil)
    }
}

private extension CachedSketches {
    var allUnitKeys: [TextKey] { (0..<count).map(unitKey) }
    var allBandKeys: [UInt32] { (0..<bands).flatMap { band in (0..<count).map { bandKey(ofUnit: $0, band: band) } } }
    var allFeatures: [[UInt32]] { (0..<count).map { withFeatures(ofUnit: $0) { Array($0) } } }
}
