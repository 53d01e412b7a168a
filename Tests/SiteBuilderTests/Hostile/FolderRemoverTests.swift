import Foundation
import Testing
import TestSupport
@testable import SiteBuilder

/// The previous site is removed whole, and a symbolic link inside it is removed, not followed.
@Suite struct FolderRemoverTests {
    @Test func removesNestedFoldersAndLeavesWhatLinksPointAt() throws {
        let manager = FileManager.default
        let site = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(site) }
        let outside = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(outside) }
        try manager.createDirectory(atPath: outside + "/kept", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside + "/kept/file.txt"))
        for folder in ["a/b/c", "d", "e/f"] {
            try manager.createDirectory(atPath: site + "/" + folder, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: site + "/" + folder + "/page.html"))
        }
        try Data("root".utf8).write(to: URL(fileURLWithPath: site + "/index.html"))
        try manager.createSymbolicLink(atPath: site + "/a/link", withDestinationPath: outside + "/kept")
        try manager.createSymbolicLink(atPath: site + "/top-link", withDestinationPath: outside + "/kept")

        FolderRemover.remove(site)

        #expect(!manager.fileExists(atPath: site))
        #expect(try String(contentsOfFile: outside + "/kept/file.txt", encoding: .utf8) == "keep")
        try? manager.removeItem(atPath: outside)
    }
}
