import Foundation
import Testing
@testable import SiteBuilder

/// The staging folder asks ext4 to spread its subfolders (`FolderPlacement`), so that a full
/// build's files do not all land in the block groups the previous site's removal just freed.
@Suite struct FolderPlacementTests {
    @Test func theStagingFolderSpreadsItsSubfoldersWhereTheFileSystemKeepsTheFlag() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("placement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let plain = parent.appendingPathComponent("plain").path
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: false)
        // tmpfs, and file systems other than ext2/3/4 and a few others, keep no such flags.
        guard let before = FolderPlacement.spreadsSubfolders(plain) else { return }
        #expect(before == false)

        let folder = try OutputFolder(path: parent.appendingPathComponent("site").path, contentRoot: "/nonexistent-root", force: false)
        defer { folder.discard() }
        #expect(FolderPlacement.spreadsSubfolders(folder.stagingPath) == true)
        // Setting it twice changes nothing.
        FolderPlacement.spreadSubfolders(of: folder.stagingPath)
        #expect(FolderPlacement.spreadsSubfolders(folder.stagingPath) == true)
    }

    @Test func aMissingFolderIsLeftAlone() {
        FolderPlacement.spreadSubfolders(of: "/nonexistent-\(UUID().uuidString)")
        #expect(FolderPlacement.spreadsSubfolders("/nonexistent-\(UUID().uuidString)") == nil)
    }

    @Test func stagedPathsAreJoinedUnderTheStagingFolder() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("placement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = try OutputFolder(path: parent.appendingPathComponent("site").path, contentRoot: "/nonexistent-root", force: false)
        defer { folder.discard() }
        #expect(folder.stagedPath("a/b.html") == folder.staging.appendingPathComponent("a/b.html").path)
        // Folders shared by several calls are made once and every call's files can be written.
        try folder.createFolders(for: ["a/b.html", "a/c/d.html"])
        try folder.createFolders(for: ["a/e.html", "a/c/f.html", "g/h.html"])
        for path in ["a/b.html", "a/c/d.html", "a/e.html", "a/c/f.html", "g/h.html"] {
            try folder.write(Data("x".utf8), to: path)
            #expect(FileManager.default.contents(atPath: folder.stagedPath(path)) == Data("x".utf8))
        }
    }
}
