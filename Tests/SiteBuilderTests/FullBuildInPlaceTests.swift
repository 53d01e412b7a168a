import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SiteBuilder

/// `build --full` over a previous site of ours trusts no cache but updates the site in place:
/// every file is made, compared with the site's file on disk, and only those that differ are
/// written; the result is exactly the files of a first build, and a failed build leaves the site.
@Suite struct FullBuildInPlaceTests {
    static func inode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    }

    @Test func aFullBuildOverAPreviousSiteGivesExactlyTheFirstBuildsFiles() throws {
        let tree = try FixtureTree(SiteJournalTests.before)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output, reuse: false)
        let before = SiteJournalTests.entries(output)
        var inodes: [String: Int] = [:]
        for path in before.keys where !path.hasSuffix("/") { inodes[path] = try Self.inode(output + "/" + path) }
        // Damage no cache would see: a byte changed in place (same size, same stamp in the cache),
        // a copied source replaced by a link to a file outside with the same bytes; and a stray
        // file, an empty folder.
        let edited = "assets/site.css", linked = "alpha/SKILL.md"
        var bytes = try #require(FileManager.default.contents(atPath: output + "/" + edited))
        bytes[bytes.count / 2] ^= 0x20
        let handle = try #require(FileHandle(forWritingAtPath: output + "/" + edited))
        try handle.write(contentsOf: bytes)
        try handle.close()
        let outside = URL(fileURLWithPath: output).deletingLastPathComponent().appendingPathComponent("outside.md").path
        try FileManager.default.moveItem(atPath: output + "/" + linked, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: output + "/" + linked, withDestinationPath: outside)
        try Data("stray".utf8).write(to: URL(fileURLWithPath: output + "/stray.html"))
        try FileManager.default.createDirectory(atPath: output + "/empty/deeper", withIntermediateDirectories: true)
        try SiteJournalTests.edit(tree)

        let summary = try SiteFixtures.build(tree.path, into: output, reuse: false)
        let first = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(first) }
        try SiteFixtures.build(tree.path, into: first, reuse: false)
        let after = SiteJournalTests.entries(output)
        #expect(after == SiteJournalTests.entries(first))
        #expect(summary.reuse == nil)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: output + "/" + linked)) == nil)
        #expect(FileManager.default.contents(atPath: outside) != nil)
        // A file with the same bytes as before was compared, not written again; the others were replaced.
        let unchanged = inodes.keys.filter { after[$0] == before[$0] && $0 != edited && $0 != linked }
        #expect(unchanged.contains("assets/search.js"), "no unchanged file to check: \(unchanged.sorted())")
        for path in unchanged { #expect(try Self.inode(output + "/" + path) == inodes[path], "\(path) was written again") }
        #expect(try Self.inode(output + "/" + edited) != inodes[edited])
        #expect(try SiteJournalTests.leftovers(beside: output) == [])
    }

    @Test func theCacheAFullBuildLeavesLetsTheNextRebuildKeepEveryFile() throws {
        let tree = try FixtureTree(SiteJournalTests.before)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        try SiteJournalTests.edit(tree)
        try SiteFixtures.build(tree.path, into: output, reuse: false)

        let summary = try SiteFixtures.build(tree.path, into: output)
        #expect(summary.reuse?.rebuiltPages == [])
        #expect(summary.reuse?.reusedFiles == SiteFixtures.files(in: output).count - 1)  // all but the marker
    }

    @Test func aFailedFullBuildLeavesThePreviousSite() throws {
        let tree = try FixtureTree(SiteJournalTests.before)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let before = SiteJournalTests.entries(output)
        try SiteJournalTests.edit(tree)
        var incomplete = Theme.standard
        incomplete.remove("graph.mustache")
        #expect(throws: (any Error).self) { try SiteFixtures.build(tree.path, into: output, theme: incomplete, reuse: false) }
        #expect(SiteJournalTests.entries(output) == before)
        #expect(try SiteJournalTests.leftovers(beside: output) == [])
        // Its cache still describes it: a rebuild reuses the unchanged files.
        let summary = try SiteFixtures.build(tree.path, into: output)
        #expect((summary.reuse?.reusedFiles ?? 0) > 5)
    }
}
