import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SiteBuilder

/// `llms.txt` and `sitemap.xml` are keyed on what they are made from (`LLMsText.Entries`,
/// `Sitemap.digest`): a rebuild that changes neither's inputs keeps the previous site's file
/// without making it, one that changes them makes it anew, and either way the file is the one
/// a full build writes.
@Suite struct GeneratedFilesReuseTests {
    static let files = SiteJournalTests.before.merging(["skillbook.yml": "base_url: https://example.org/skills/\n"]) { $1 }

    /// The build cache's digest for the site path `path`.
    static func digest(_ path: String, output: String) throws -> ContentHash? {
        try #require(BuildCache.read(BuildCache.location(for: URL(fileURLWithPath: output)))).entries[path]?.hash
    }

    static func expectSameAsFullBuild(_ root: String, _ output: String) throws {
        let full = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(full) }
        try SiteFixtures.build(root, into: full, reuse: false)
        for path in [GeneratedPaths.llms, GeneratedPaths.sitemap] {
            #expect(FileManager.default.contents(atPath: output + "/" + path) == FileManager.default.contents(atPath: full + "/" + path), "\(path)")
        }
    }

    @Test func aRebuildKeepsThemWhileTheirInputsStayAndMakesThemWhenTheyChange() throws {
        let tree = try FixtureTree(Self.files)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let inode = { (path: String) in
            try FileManager.default.attributesOfItem(atPath: output + "/" + path)[.systemFileNumber] as? Int
        }
        let before = (llms: try inode(GeneratedPaths.llms), sitemap: try inode(GeneratedPaths.sitemap))
        let llmsDigest = try Self.digest(GeneratedPaths.llms, output: output)
        // Keyed on the entries, not on the bytes: a rebuild can tell without making the text.
        let bytes = try #require(FileManager.default.contents(atPath: output + "/" + GeneratedPaths.llms))
        #expect(llmsDigest != nil && llmsDigest != ContentHash.of(bytes))

        // A paragraph: neither file's inputs change; both files are the previous site's.
        try tree.write("alpha/references/notes.md", "# Notes\n\nSome notes, and one more sentence.\n")
        try SiteFixtures.build(tree.path, into: output)
        #expect(try inode(GeneratedPaths.llms) == before.llms)
        #expect(try inode(GeneratedPaths.sitemap) == before.sitemap)
        #expect(try Self.digest(GeneratedPaths.llms, output: output) == llmsDigest)
        try Self.expectSameAsFullBuild(tree.path, output)

        // A title changes llms.txt (not the sitemap); a new skill changes both.
        try tree.write("alpha/references/notes.md", "# Field notes\n\nSome notes, and one more sentence.\n")
        try SiteFixtures.build(tree.path, into: output)
        #expect(try inode(GeneratedPaths.llms) != before.llms)
        #expect(try inode(GeneratedPaths.sitemap) == before.sitemap)
        #expect(try Self.digest(GeneratedPaths.llms, output: output) != llmsDigest)
        try Self.expectSameAsFullBuild(tree.path, output)
        try tree.write("gamma/SKILL.md", "---\nname: gamma\ndescription: Third.\n---\n# Gamma\n")
        try SiteFixtures.build(tree.path, into: output)
        #expect(try inode(GeneratedPaths.sitemap) != before.sitemap)
        try Self.expectSameAsFullBuild(tree.path, output)
    }

    /// Every value `render` reads is in the digest: a change to any one changes it.
    @Test func theLLMsDigestCoversEveryEntry() {
        let base = LLMsText.Entries(title: "T", description: "D", baseURL: nil,
                                    skills: [.init(name: "a", file: "a/SKILL.md", description: "x")],
                                    others: [.init(owner: "a", title: "N", path: "a/references/n.md")])
        var changes: [LLMsText.Entries] = []
        for change in 0..<9 {
            var entries = base
            switch change {
            case 0: entries.title = "U"
            case 1: entries.description = nil
            case 2: entries.baseURL = "https://example.org/"
            case 3: entries.skills[0].name = "b"
            case 4: entries.skills[0].file = "b/SKILL.md"
            case 5: entries.skills[0].description = nil
            case 6: entries.others[0].owner = nil
            case 7: entries.others[0].title = "M"
            default: entries.others[0].path = "a/references/m.md"
            }
            changes.append(entries)
        }
        let digests = Set(changes.map(\.digest) + [base.digest])
        #expect(digests.count == changes.count + 1)
    }
}
