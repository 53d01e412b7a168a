import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SiteBuilder

/// A rebuild updates the previous site in place through a journal: a build that died during
/// the update is finished by the next one, a journal that is not one of ours is never followed,
/// and what the site holds that a full build would not (stray files, links, empty folders) goes.
@Suite struct SiteJournalTests {
    static let before = [
        "alpha/SKILL.md": "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\nSee [notes](references/notes.md).\n",
        "alpha/references/notes.md": "# Notes\n\nSome notes.\n",
        "alpha/references/old.md": "# Old\n\nGoing away.\n",
        "beta/SKILL.md": "---\nname: beta\ndescription: Second.\n---\n# Beta\n",
    ]

    /// The same collection after an edit, a removal (a page and its folder's only file) and an addition.
    static func edit(_ tree: FixtureTree) throws {
        try tree.write("alpha/references/notes.md", "# Notes\n\nSome notes, changed.\n")
        try FileManager.default.removeItem(atPath: tree.path + "/alpha/references/old.md")
        try FileManager.default.removeItem(atPath: tree.path + "/beta/SKILL.md")
        try tree.write("gamma/SKILL.md", "---\nname: gamma\ndescription: Third.\n---\n# Gamma\n")
    }

    /// Every entry under `folder` (folders end in `/`, links in ` ->`), with the bytes of each file.
    static func entries(_ folder: String) -> [String: Data?] {
        var found: [String: Data?] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            let type = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + path))?[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?: found[path + "/"] = .some(nil)
            case .typeSymbolicLink?: found[path + " ->"] = .some(nil)
            default: found[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return found
    }

    /// The hidden siblings a build leaves beside `output` besides its lock-free cache folder.
    static func leftovers(beside output: String) throws -> [String] {
        let url = URL(fileURLWithPath: output)
        return try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(url.lastPathComponent).") && !$0.hasSuffix(".skillbook-cache") }.sorted()
    }

    @Test func aRebuildUpdatesTheSiteInPlaceToExactlyTheFullBuildsFiles() throws {
        let tree = try FixtureTree(Self.before)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let keptPage = output + "/assets/site.css"
        let inode = try FileManager.default.attributesOfItem(atPath: keptPage)[.systemFileNumber] as? Int
        // What a full build would never write: a stray file, a link out of the site, an empty folder.
        try Data("stray".utf8).write(to: URL(fileURLWithPath: output + "/stray.html"))
        try FileManager.default.createSymbolicLink(atPath: output + "/outside", withDestinationPath: tree.path)
        try FileManager.default.createDirectory(atPath: output + "/empty/deeper", withIntermediateDirectories: true)
        try Self.edit(tree)

        let summary = try SiteFixtures.build(tree.path, into: output)
        let full = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(full) }
        try SiteFixtures.build(tree.path, into: full, force: true)
        #expect(Self.entries(output) == Self.entries(full))
        #expect(summary.reuse?.rebuiltPages.contains("alpha/references/notes.html") == true)
        // An unchanged file is the same file as before (kept, not written or linked again).
        #expect(try FileManager.default.attributesOfItem(atPath: keptPage)[.systemFileNumber] as? Int == inode)
        #expect(try Self.leftovers(beside: output) == [])
        // The link was removed, not followed: the collection is still there.
        #expect(FileManager.default.fileExists(atPath: tree.path + "/alpha/SKILL.md"))
    }

    @Test func aBuildThatDiedDuringItsUpdateIsFinishedByTheNextBuild() throws {
        let tree = try FixtureTree(Self.before)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        try Self.edit(tree)
        let full = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(full) }
        try SiteFixtures.build(tree.path, into: full)
        let expected = Self.entries(full)

        // The state a rebuild leaves when it dies halfway through its commit: the changed and new
        // files staged, the journal in place, the removals done and one staged file moved in.
        let site = URL(fileURLWithPath: output)
        let listing = try #require(SiteListing.read(output))
        let emitted = Set(expected.keys.filter { !$0.hasSuffix("/") && $0 != OutputFolder.markerName })
        let staged = emitted.filter { FileManager.default.contents(atPath: output + "/" + $0) != expected[$0] ?? nil }
        #expect(staged.contains("gamma/index.html"))
        let stagingName = ".\(site.lastPathComponent).skillbook-tmp-99999"
        let staging = site.deletingLastPathComponent().appendingPathComponent(stagingName).path
        for path in staged {
            let file = URL(fileURLWithPath: staging + "/" + path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try #require(expected[path] ?? nil).write(to: file)
        }
        try Data(OutputFolder.markerText.utf8).write(to: URL(fileURLWithPath: staging + "/" + OutputFolder.markerName))
        var journal = SiteJournal(updating: listing, to: emitted, staged: staged, staging: stagingName)
        journal.replacesCache = false
        #expect(journal.removed.contains("beta/index.html"))
        #expect(journal.emptied.contains("beta"))
        try journal.write(for: site)
        unlink(BuildCache.location(for: site).path)
        for path in journal.removed { unlink(output + "/" + path) }
        let first = try #require(journal.added.first)
        #expect(rename(staging + "/" + first, output + "/" + first) == 0)

        // The next build finishes the update before anything else: even one that then fails.
        let next = try OutputFolder(path: output, contentRoot: tree.path, force: false)
        next.discard()
        #expect(Self.entries(output) == expected)
        #expect(try Self.leftovers(beside: output) == [])

        try SiteFixtures.build(tree.path, into: output)
        #expect(Self.entries(output) == expected)
    }

    /// The plan made from the counts `IncrementalOutput.emit` keeps (every listed file emitted
    /// again) is the plan worked out from every emitted path, for a site holding what a full
    /// build never has: empty folders, folders of links only, a link, a marker.
    @Test func aPlanFromTheEmittedCountsIsThePlanFromEveryEmittedPath() throws {
        let site = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(site) }
        let manager = FileManager.default
        for folder in ["a/b", "a/empty/deeper", "c", "links/inner", "d/e/f"] {
            try manager.createDirectory(atPath: site + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["index.html", OutputFolder.markerName, "a/one.html", "a/b/two.html", "c/three.html", "d/e/f/four.html"] {
            try Data(file.utf8).write(to: URL(fileURLWithPath: site + "/" + file))
        }
        try manager.createSymbolicLink(atPath: site + "/links/inner/out", withDestinationPath: "/")
        try manager.createSymbolicLink(atPath: site + "/top-link", withDestinationPath: "index.html")
        let listing = try #require(SiteListing.read(site))
        #expect(listing.filelessFolders == ["a/empty", "a/empty/deeper", "links", "links/inner"])
        let kept = listing.files.keys.filter { $0 != OutputFolder.markerName }
        // Each case: the new paths, and whether the marker is emitted as well.
        let cases: [(new: [String], marker: Bool)] = [
            ([], false), (["a/empty/new.html"], false), (["links/inner/out", "top-link"], false),
            (["a/empty/deeper/x.html", "n/m/new.html", "links/new.html"], true),
        ]
        for (new, marker) in cases {
            let emitted = Set(kept + new + (marker ? [OutputFolder.markerName] : []))
            let staged = Set(new + ["a/one.html"])
            let counted = SiteJournal.EmittedPaths(listedFiles: kept.count, unlisted: new)
            let fromCounts = SiteJournal(updating: listing, to: emitted, staged: staged, staging: "s", counted: counted)
            let fromPaths = SiteJournal(updating: listing, to: emitted, staged: staged, staging: "s")
            #expect(fromCounts == fromPaths, "new paths \(new)")
            #expect(fromPaths.emptied.contains("a/empty/deeper") == !new.contains { $0.hasPrefix("a/empty/deeper/") })
        }
        // A listed file not emitted: the counts do not add up, and the plan removes it.
        var emitted = Set(kept)
        emitted.remove("d/e/f/four.html")
        let counted = SiteJournal.EmittedPaths(listedFiles: kept.count - 1, unlisted: [])
        let plan = SiteJournal(updating: listing, to: emitted, staged: [], staging: "s", counted: counted)
        #expect(plan == SiteJournal(updating: listing, to: emitted, staged: [], staging: "s"))
        #expect(plan.removed.contains("d/e/f/four.html") && Set(plan.emptied) == ["d/e/f", "d/e", "d", "a/empty/deeper", "a/empty", "links/inner", "links"])
    }

    @Test func aJournalThatCannotBeCarriedOutStopsTheNextBuildAndIsKept() throws {
        let tree = try FixtureTree(Self.before)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let site = URL(fileURLWithPath: output)
        let stagingName = ".\(site.lastPathComponent).skillbook-tmp-99999"
        let staging = site.deletingLastPathComponent().appendingPathComponent(stagingName).path
        try FileManager.default.createDirectory(atPath: staging + "/beta/index.html", withIntermediateDirectories: true)
        try Data("new".utf8).write(to: URL(fileURLWithPath: staging + "/beta/index.html/page.html"))
        var journal = SiteJournal(staging: stagingName)
        // Into a folder that the site has as a file, which the plan does not remove.
        journal.added = ["beta/index.html/page.html"]
        try journal.write(for: site)
        let before = Self.entries(output)

        #expect {
            try OutputFolder(path: output, contentRoot: tree.path, force: false)
        } throws: { error in
            "\(error)".contains("cannot finish updating") && "\(error)".contains(".skillbook-journal")
        }
        #expect(FileManager.default.fileExists(atPath: SiteJournal.location(for: site).path))
        #expect(FileManager.default.fileExists(atPath: staging + "/beta/index.html/page.html"))
        #expect(Self.entries(output) == before)
        #expect(throws: (any Error).self) { try SiteFixtures.build(tree.path, into: output) }
    }

    @Test(arguments: [
        "skillbook site journal 1\nssomething-else\0",
        "skillbook site journal 1\ns.site.skillbook-tmp-1\0-../outside\0",
        "skillbook site journal 1\ns.site.skillbook-tmp-1\0+/etc/passwd\0",
        "skillbook site journal 1\ns.site.skillbook-tmp-1\0-a/./b\0",
        "skillbook site journal 1\ns.site.skillbook-tmp-1\0-cut short",
        "not a journal at all",
    ])
    func aJournalNotWrittenByABuildIsNotFollowedAndTheNextBuildMakesEverything(text: String) throws {
        let tree = try FixtureTree(Self.before)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let site = URL(fileURLWithPath: output)
        #expect(SiteJournal.decode(Array(text.utf8), site: site) == nil)
        let outside = site.deletingLastPathComponent().appendingPathComponent("outside")
        try Data("keep".utf8).write(to: outside)
        try Data(text.utf8).write(to: SiteJournal.location(for: site))

        let summary = try SiteFixtures.build(tree.path, into: output)
        #expect(FileManager.default.contents(atPath: outside.path) == Data("keep".utf8))
        #expect(!FileManager.default.fileExists(atPath: SiteJournal.location(for: site).path))
        // The site's cache was dropped with the journal: every file was made anew.
        #expect(summary.reuse == nil || summary.reuse?.reusedFiles == 0)
    }

    @Test func aJournalReadsBackAsWritten() throws {
        let site = URL(fileURLWithPath: "/tmp/x/site")
        var journal = SiteJournal(staging: ".site.skillbook-tmp-42")
        journal.removed = ["a/b.html", "name with spaces\nand a line break.html"]
        journal.emptied = ["a/c", "a"]
        journal.added = ["index.html", "d/e.md"]
        journal.replacesCache = true
        #expect(SiteJournal.decode(journal.encoded(), site: site) == journal)
        #expect(SiteJournal.decode(journal.encoded(), site: URL(fileURLWithPath: "/tmp/x/other")) == nil)
    }
}
