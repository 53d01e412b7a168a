import Foundation
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillParser

/// A build's check step takes the document checks' findings of unchanged files from the check
/// cache: its findings are the ones a run without a cache makes, whatever changed in between,
/// and a cache made under other skills, or damaged, is not used.
@Suite struct CheckCacheTests {
    static let tool = ContentHash(high: 3, low: 5)

    static func files() -> [String: String] {
        [
            "hig-foundations/SKILL.md": skill("hig-foundations", "Read `references/a.md` and `hig-foundation`.\n\n## Related skills\n\n- `hig-componets`\n- `pytest-skill`\n"),
            "hig-foundations/references/a.md": "# A\n\nSee `pytest-skil` and `incident-responder-playbok`.\n",
            "pytest-skill/SKILL.md": skill("pytest-skill", "Use `hig-foundatoins`.\n\n## Related skills\n\n- `hig-foundations`\n- `no-such-skill`\n"),
            "incident-responder-playbook/SKILL.md": "---\nname: incident-responder-playbook\ndescription: Use when testing.\nversion: 2\ntags: [a]\n---\n# I\n\n[broken](missing.md)\n",
        ]
    }

    /// Runs with `cache`, checks the findings against a run without one, and returns the run's cache and reuse.
    @discardableResult
    static func expectSameAsFresh(_ graph: SkillGraph, cache: CheckCache?,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (CheckCache, Int) {
        let (next, reused) = try expectSameAsFreshReusing(graph, cache: cache, sourceLocation: sourceLocation)
        return (next, reused.documentChecks)
    }

    /// The same, with what the file-world checks reused too.
    static func expectSameAsFreshReusing(_ graph: SkillGraph, cache: CheckCache?,
                                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (CheckCache, CheckRunner.Reuse) {
        let fresh = CheckRunner.run(graph: graph)
        let key = CheckRunner.cacheKey(graph: graph, config: CollectionConfig(), tool: tool)
        let (findings, next, reused) = CheckRunner.run(graph: graph, reusing: cache, key: key)
        #expect(findings == fresh, sourceLocation: sourceLocation)
        return (try roundTrip(next), reused)
    }

    static func roundTrip(_ cache: CheckCache) throws -> CheckCache {
        let tree = try FixtureTree()
        let file = tree.root.appendingPathComponent("check")
        try cache.write(to: file)
        return try #require(try CheckCache.read(file, key: cache.key))
    }

    @Test func anUnchangedCollectionReusesEveryFileAndFindsTheSame() throws {
        let fixture = try CheckFixture(Self.files())
        #expect(fixture.diagnostics("misspelled-skill").count >= 3)
        #expect(fixture.diagnostics("unknown-skill").count >= 2)
        #expect(fixture.diagnostics("unknown-field").count == 2)
        let (cache, first) = try Self.expectSameAsFresh(fixture.graph, cache: nil)
        #expect(first == 0)
        let (_, reused) = try Self.expectSameAsFresh(fixture.graph, cache: cache)
        #expect(reused == fixture.graph.documents.count)
    }

    @Test func aChangedFileIsCheckedAnewAndTheOthersReused() throws {
        let fixture = try CheckFixture(Self.files())
        let (cache, _) = try Self.expectSameAsFresh(fixture.graph, cache: nil)
        try fixture.tree.write("hig-foundations/references/a.md", "# A\n\nNow `pytest-skil` only, and `hig-foundatons`.\n")
        let graph = try CollectionLoader.load(root: fixture.tree.path)
        let (_, reused) = try Self.expectSameAsFresh(graph, cache: cache)
        #expect(reused == graph.documents.count - 1)
    }

    @Test func aRenamedSkillChangesTheKeyAndEveryFileIsCheckedAnew() throws {
        let fixture = try CheckFixture(Self.files())
        let (cache, _) = try Self.expectSameAsFresh(fixture.graph, cache: nil)
        // The misspelling in a.md becomes the name of a skill: its finding must go.
        try fixture.tree.write("pytest-skill/SKILL.md", skill("pytest-skil", "Use `hig-foundatoins`.\n"))
        let graph = try CollectionLoader.load(root: fixture.tree.path)
        #expect(CheckRunner.cacheKey(graph: graph, config: CollectionConfig(), tool: Self.tool) != cache.key)
        let (_, reused) = try Self.expectSameAsFresh(graph, cache: cache)
        #expect(reused == 0)
    }

    @Test func externalSkillsAndRelatedHeadingsAreInTheKey() throws {
        let fixture = try CheckFixture(Self.files())
        let plain = CheckRunner.cacheKey(graph: fixture.graph, config: CollectionConfig(), tool: Self.tool)
        var external = CollectionConfig()
        external.externalSkills = ["no-such-skill"]
        var headings = CollectionConfig()
        headings.relatedHeadings = ["See also"]
        #expect(CheckRunner.cacheKey(graph: fixture.graph, config: external, tool: Self.tool) != plain)
        #expect(CheckRunner.cacheKey(graph: fixture.graph, config: headings, tool: Self.tool) != plain)
        #expect(CheckRunner.cacheKey(graph: fixture.graph, config: CollectionConfig(), tool: ContentHash(high: 3, low: 6)) != plain)
        #expect(CheckRunner.cacheKey(graph: fixture.graph, config: CollectionConfig(), options: CheckOptions(spec: .strict),
                                     tool: Self.tool) != plain)
    }

    // The link and path checks (`FileWorldCheck`): reused per file while the files on disk, the
    // file's bytes and where its links lead are unchanged.

    static func worldFiles() -> [String: String] {
        [
            "alpha/SKILL.md": skill("alpha", "Read [setup](references/setup.md#install-steps), [gone](references/gnoe.md), `references/usage.md` and `references/nope.md`.\n"),
            "alpha/references/setup.md": "# Setup\n\n## Install steps\n\nRun it.\n",
            "alpha/references/usage.md": "# Usage\n\nSee [beta](../../beta/SKILL.md#beta) and [notes](../../beta/references/notes.md).\n",
            "beta/SKILL.md": skill("beta", "Beta builds on [alpha's setup](../alpha/references/setup.md#install-steps).\n"),
            "beta/references/notes.md": "# Notes\n\nNothing here.\n",
        ]
    }

    @Test func anUnchangedWorldReusesTheLinkAndPathFindingsOfEveryFile() throws {
        let fixture = try CheckFixture(Self.worldFiles())
        #expect(fixture.diagnostics("broken-link").count == 1)
        #expect(fixture.diagnostics("missing-reference").count == 1)
        let (cache, first) = try Self.expectSameAsFreshReusing(fixture.graph, cache: nil)
        #expect(first.fileWorldChecks == 0)
        let again = try CollectionLoader.load(root: fixture.tree.path)
        let (_, reused) = try Self.expectSameAsFreshReusing(again, cache: cache)
        #expect(reused.fileWorldChecks == again.documents.count)
    }

    @Test func aRenamedHeadingRechecksTheFilesThatLinkToItOnly() throws {
        let fixture = try CheckFixture(Self.worldFiles())
        let (cache, _) = try Self.expectSameAsFreshReusing(fixture.graph, cache: nil)
        try fixture.tree.write("alpha/references/setup.md", "# Setup\n\n## Installation\n\nRun it.\n")
        let graph = try CollectionLoader.load(root: fixture.tree.path)
        let (_, reused) = try Self.expectSameAsFreshReusing(graph, cache: cache)
        // setup.md itself, alpha's and beta's SKILL.md, whose links' anchors no longer match, and
        // usage.md, another reference of alpha (its orphan finding reads its skill's texts).
        #expect(reused.fileWorldChecks == graph.documents.count - 4)
        #expect(CheckRunner.run(graph: graph).filter { $0.code == "broken-anchor" }.count == 2)
    }

    // The checks over the whole collection (`DigestedCheck`) are reused under the digest of
    // their inputs: a reference's edit leaves every one of them as it was; a renamed heading
    // reruns the anchor check only, an edited SKILL.md the manifest checks.

    @Test func aReferenceEditReusesEveryWholeCollectionCheck() throws {
        let fixture = try CheckFixture(Self.worldFiles())
        let (cache, first) = try Self.expectSameAsFreshReusing(fixture.graph, cache: nil)
        #expect(first.wholeChecks == 0)
        #expect(first.digestedChecks == 9)
        try fixture.tree.write("alpha/references/usage.md",
                               "# Usage\n\nSee [beta](../../beta/SKILL.md#beta) and [notes](../../beta/references/notes.md).\n\nMore words.\n")
        let graph = try CollectionLoader.load(root: fixture.tree.path)
        let (_, reused) = try Self.expectSameAsFreshReusing(graph, cache: cache)
        #expect(reused.wholeChecks == 9)
    }

    @Test func aRenamedHeadingRerunsTheAnchorCheckAndAnEditedSkillTheManifestChecks() throws {
        let fixture = try CheckFixture(Self.worldFiles())
        let (cache, _) = try Self.expectSameAsFreshReusing(fixture.graph, cache: nil)
        try fixture.tree.write("alpha/references/setup.md", "# Setup\n\n## Installation\n\nRun it.\n")
        let renamed = try CollectionLoader.load(root: fixture.tree.path)
        let (next, afterRename) = try Self.expectSameAsFreshReusing(renamed, cache: cache)
        #expect(afterRename.wholeChecks == 8)
        #expect(CheckRunner.run(graph: renamed).contains { $0.code == "broken-anchor" })
        let skill = try String(contentsOfFile: fixture.tree.path + "/beta/SKILL.md", encoding: .utf8)
        try fixture.tree.write("beta/SKILL.md", skill + "\nMore about beta.\n")
        let edited = try CollectionLoader.load(root: fixture.tree.path)
        let (_, afterEdit) = try Self.expectSameAsFreshReusing(edited, cache: next)
        // The 7 checks of the skills' files run again; the README and anchor checks are reused
        // (no link moved).
        #expect(afterEdit.wholeChecks == 2)
    }

    @Test func aWholeCollectionCheckTakesItsFindingsFromTheCacheUnderTheSameDigest() throws {
        let fixture = try CheckFixture(Self.worldFiles())
        let key = CheckRunner.cacheKey(graph: fixture.graph, config: CollectionConfig(), tool: Self.tool)
        var (_, cache, _) = CheckRunner.run(graph: fixture.graph, reusing: nil, key: key)
        let name = String(describing: SkillNameCheck.self)
        let planted = Diagnostic(.error, code: "invalid-name", "planted", at: SourceLocation(file: "alpha/SKILL.md", line: 2))
        let entry = try #require(cache.checkEntries[name])
        cache.checkEntries[name] = FindingsRecord.Entry(path: name, digest: entry.digest, lists: [[planted]])
        #expect(CheckRunner.run(graph: fixture.graph, reusing: cache, key: key).findings.contains(planted))
        cache.checkEntries[name] = FindingsRecord.Entry(path: name, digest: ContentHash(high: 1, low: 2), lists: [[planted]])
        #expect(!CheckRunner.run(graph: fixture.graph, reusing: cache, key: key).findings.contains(planted))
    }

    @Test func anOrphanReferenceNamedByAnEditedSiblingIsNoLongerReported() throws {
        var files = Self.worldFiles()
        files["beta/references/lonely.md"] = "# Lonely\n\nNobody names me.\n"
        let fixture = try CheckFixture(files)
        #expect(fixture.diagnostics("orphan-reference").map(\.location.file).contains("beta/references/lonely.md"))
        let (cache, _) = try Self.expectSameAsFreshReusing(fixture.graph, cache: nil)
        // lonely.md is unchanged, and nothing links to it: only a sibling's text now names it.
        try fixture.tree.write("beta/references/notes.md", "# Notes\n\nFor the quiet parts, lonely.md.\n")
        let graph = try CollectionLoader.load(root: fixture.tree.path)
        let (_, reused) = try Self.expectSameAsFreshReusing(graph, cache: cache)
        // notes.md, and beta's other references (lonely.md), whose skill's texts changed.
        #expect(reused.fileWorldChecks == graph.documents.count - 2)
        #expect(!CheckRunner.run(graph: graph).contains { $0.code == "orphan-reference" && $0.location.file == "beta/references/lonely.md" })
    }

    @Test func aFileAddedAnywhereRechecksEveryFile() throws {
        let fixture = try CheckFixture(Self.worldFiles())
        let (cache, _) = try Self.expectSameAsFreshReusing(fixture.graph, cache: nil)
        // Not Markdown, and linked from nowhere yet: the broken link's suggestion and the missing
        // path now see it.
        try fixture.tree.write("alpha/references/gnome.md.txt", "x")
        try fixture.tree.write("alpha/references/nope.md", "# Nope\n")
        let graph = try CollectionLoader.load(root: fixture.tree.path)
        let (_, reused) = try Self.expectSameAsFreshReusing(graph, cache: cache)
        #expect(reused.fileWorldChecks == 0)
        #expect(CheckRunner.run(graph: graph).filter { $0.code == "missing-reference" }.isEmpty)
    }

    @Test func aFolderListedBeyondTheWalkIsListedAgainAndCompared() throws {
        // A broken link into a hidden folder, which the loader does not walk: the check lists it
        // for the suggestion. A file added there changes no listing of the walk and not where
        // the link leads (still nowhere), only the suggestion.
        var files = Self.worldFiles()
        files["alpha/SKILL.md"] = skill("alpha", "See [the tool](.tools/rnu.sh).\n")
        files["alpha/.tools/readme.txt"] = "x"
        let fixture = try CheckFixture(files)
        let before = fixture.diagnostics("broken-link")
        #expect(before.count == 1 && before.first?.suggestion == nil, "\(before)")
        let (cache, _) = try Self.expectSameAsFreshReusing(fixture.graph, cache: nil)
        #expect(cache.beyondWalk.contains { $0.path == "alpha/.tools" })
        try fixture.tree.write("alpha/.tools/run.sh", "echo")
        let graph = try CollectionLoader.load(root: fixture.tree.path)
        let (_, reused) = try Self.expectSameAsFreshReusing(graph, cache: cache)
        #expect(reused.fileWorldChecks == 0)
        let after = CheckRunner.run(graph: graph).filter { $0.code == "broken-link" }
        #expect(after.count == 1 && after.first?.suggestion?.contains("run.sh") == true, "\(after)")
    }

    @Test func aDamagedOrForeignCacheFileIsNotUsed() throws {
        let fixture = try CheckFixture(Self.files())
        let key = CheckRunner.cacheKey(graph: fixture.graph, config: CollectionConfig(), tool: Self.tool)
        let (_, cache, _) = CheckRunner.run(graph: fixture.graph, reusing: nil, key: key)
        let tree = try FixtureTree()
        let file = tree.root.appendingPathComponent("check")
        try cache.write(to: file)
        #expect(throws: CacheDamage.self) { try CheckCache.read(file, key: ContentHash(high: 1, low: 1)) }
        let bytes = try Data(contentsOf: file)
        for cut in [0, 10, bytes.count / 2, bytes.count - 1] {
            try bytes.prefix(cut).write(to: file)
            #expect(throws: CacheDamage.self) { try CheckCache.read(file, key: key) }
        }
        try FileManager.default.removeItem(at: file)
        #expect(try CheckCache.read(file, key: key) == nil)
    }

    @Test func findingsRecordsReadBackAsWritten() throws {
        let fixture = try CheckFixture(Self.files())
        let diagnostics = fixture.all()
        let entries = [
            FindingsRecord.Entry(path: "a.md", digest: ContentHash(high: 1, low: 2), lists: [diagnostics, [], Array(diagnostics.prefix(1))]),
            FindingsRecord.Entry(path: "b.md", digest: ContentHash(high: 3, low: 4), lists: []),
        ]
        let bytes = FindingsRecord.encode(entries)
        #expect(try bytes.withUnsafeBytes { try FindingsRecord.decode($0) } == entries)
        for cut in [1, bytes.count / 2, bytes.count - 1] {
            #expect(throws: CacheDamage.self) { try bytes.prefix(cut).withUnsafeBytes { try FindingsRecord.decode($0) } }
        }
    }
}
