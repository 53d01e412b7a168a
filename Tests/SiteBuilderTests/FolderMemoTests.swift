import Foundation
import Testing
import TestSupport
@testable import SiteBuilder
@testable import SkillParser

/// A listing with the last listing's folder memo reads again only the folders whose inode or times
/// changed, and lists exactly what a listing without it lists, whatever changed in between: a file
/// made, removed or renamed, a folder put in another's place, a folder's time set back.
@Suite struct FolderMemoTests {
    static let tree = ["a/x.md": "x", "a/b/y.md": "y", "a/b/c/z.md": "z", "d/w.md": "w", "e/f/v.md": "v", "g/.keep": "", "index.html": "i"]
    /// A clock an hour ahead: every folder of the fixture is settled.
    static func later() -> Int64 { Int64(Date().timeIntervalSince1970 + 3600) * 1_000_000_000 }

    static func same(_ listing: SiteListing, _ other: SiteListing) -> Bool {
        listing.files == other.files && listing.folders == other.folders && listing.others == other.others
            && listing.filelessFolders == other.filelessFolders
    }

    @Test func unchangedFoldersAreNotReadAgain() throws {
        let site = try FixtureTree(Self.tree)
        let first = try #require(SiteListing.read(site.path, now: Self.later()))
        #expect(first.foldersRead == 7)
        #expect(Set(first.seen.folders.keys) == ["a", "a/b", "a/b/c", "d", "e", "e/f", "g"])
        let second = try #require(SiteListing.read(site.path, memo: first.seen, now: Self.later()))
        #expect(second.foldersRead == 0)
        #expect(Self.same(first, second))
        #expect(second.seen == first.seen)
    }

    @Test func aChangedFolderIsReadAgainAndListsWhatItHolds() throws {
        let site = try FixtureTree(Self.tree)
        let memo = try #require(SiteListing.read(site.path, now: Self.later())).seen
        // A file made, one removed, one renamed, each in its own folder; a folder put in another's place.
        try Data("new".utf8).write(to: site.root.appendingPathComponent("a/b/new.md"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("d/w.md"))
        try FileManager.default.moveItem(at: site.root.appendingPathComponent("a/b/c/z.md"), to: site.root.appendingPathComponent("a/b/c/zz.md"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("e/f"))
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("e/f"), withIntermediateDirectories: false)
        try Data("u".utf8).write(to: site.root.appendingPathComponent("e/f/u.md"))
        let fresh = try #require(SiteListing.read(site.path))
        let remembered = try #require(SiteListing.read(site.path, memo: memo, now: Self.later()))
        #expect(Self.same(fresh, remembered))
        #expect(remembered.files["a/b/new.md"] != nil && remembered.files["d/w.md"] == nil)
        #expect(remembered.files["a/b/c/zz.md"] != nil && remembered.files["e/f/u.md"] != nil && remembered.files["e/f/v.md"] == nil)
        // a/b, a/b/c, d, e (its entry f was replaced) and e/f; a and g unchanged.
        #expect(remembered.foldersRead == 5)
    }

    @Test func aFolderWhoseTimeWasSetBackIsReadAgain() throws {
        let site = try FixtureTree(Self.tree)
        let folder = site.root.appendingPathComponent("d")
        let memo = try #require(SiteListing.read(site.path, now: Self.later())).seen
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: folder.path)[.modificationDate] as? Date)
        try Data("s".utf8).write(to: folder.appendingPathComponent("sneaked.md"))
        // `touch -d`, `tar`, `rsync -t`: the modification time as it was; the change time moves.
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: folder.path)
        let remembered = try #require(SiteListing.read(site.path, memo: memo, now: Self.later()))
        #expect(remembered.files["d/sneaked.md"] != nil)
        #expect(remembered.foldersRead == 1)
    }

    @Test func foldersChangedWithinTwoSecondsOfTheListingAreNotRemembered() throws {
        let site = try FixtureTree(Self.tree)
        let listing = try #require(SiteListing.read(site.path))
        #expect(listing.seen.folders.isEmpty)
        let settled = try #require(SiteListing.read(site.path, now: Self.later()))
        #expect(settled.seen.folders.count == 7)
    }

    @Test func theMemoReadsBackAndADamagedOneIsNotUsed() throws {
        let site = try FixtureTree(Self.tree)
        let memo = try #require(SiteListing.read(site.path, now: Self.later())).seen
        let file = site.root.appendingPathComponent("memo")
        try memo.write(to: file)
        #expect(FolderMemo.read(file) == memo)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 3] ^= 0x40
        try bytes.write(to: file)
        #expect(FolderMemo.read(file) == nil)
        // Names that are not as many as their types: refused even with a good digest.
        var broken = memo
        broken.folders["a"]?.types.append(4)
        try broken.write(to: file)
        #expect(FolderMemo.read(file) == nil)
    }
}
