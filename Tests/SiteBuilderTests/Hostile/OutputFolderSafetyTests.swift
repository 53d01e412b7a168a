import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SiteBuilder

/// The output folder survives what happens around a build: a second build into it, and a
/// build that died in the middle of its swap.
@Suite struct OutputFolderSafetyTests {
    static let collection = ["good/SKILL.md": "---\nname: good\ndescription: G.\n---\n# Good\n"]

    @Test func aSecondBuildIntoTheSameFolderStopsWithAClearMessage() throws {
        let tree = try FixtureTree(Self.collection)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        let first = try OutputFolder(path: output, contentRoot: tree.path, force: false)
        defer { first.discard() }
        #expect {
            try OutputFolder(path: output, contentRoot: tree.path, force: false)
        } throws: { error in
            let message = "\(error)"
            return message.contains("another skillbook build (process \(getpid())) is writing into")
                && message.contains(".skillbook-lock")
        }
        // The first build's staging folder is untouched by the refused second one.
        #expect(FileManager.default.fileExists(atPath: first.staging.path))
    }

    @Test func theLockIsReleasedWhenABuildEnds() throws {
        let tree = try FixtureTree(Self.collection)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        try SiteFixtures.build(tree.path, into: output)
        #expect(FileManager.default.fileExists(atPath: output + "/good/index.html"))
    }

    @Test func aBackupLeftBetweenTheTwoRenamesIsPutBackByTheNextBuildEvenIfItFails() throws {
        let tree = try FixtureTree(Self.collection)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let url = URL(fileURLWithPath: output)
        let parent = url.deletingLastPathComponent()
        // A build killed after moving the old site aside and before moving the new one in.
        let backup = parent.appendingPathComponent(".\(url.lastPathComponent).skillbook-old-99999")
        try FileManager.default.moveItem(at: url, to: backup)
        let staging = parent.appendingPathComponent(".\(url.lastPathComponent).skillbook-tmp-99999")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        try Data(OutputFolder.markerText.utf8).write(to: staging.appendingPathComponent(OutputFolder.markerName))

        // The next build fails after opening the folder.
        let folder = try OutputFolder(path: output, contentRoot: tree.path, force: false)
        folder.discard()
        #expect(FileManager.default.fileExists(atPath: output + "/good/index.html"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.contains(".skillbook-tmp-") || $0.contains(".skillbook-old-") }
        #expect(leftovers == [])
    }
}
