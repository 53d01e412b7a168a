import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SiteBuilder

/// A rebuild that fails after it has hard-linked files of the previous site into its staging
/// folder leaves that site as it was, byte for byte, and its cache usable.
@Suite struct IncrementalFailureTests {
    @Test func aFailedRebuildLeavesThePreviousSiteAndItsCache() throws {
        let tree = try FixtureTree([
            "alpha/SKILL.md": "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\nSee [notes](references/notes.md).\n",
            "alpha/references/notes.md": "# Notes\n\nSome notes.\n",
            "beta/SKILL.md": "---\nname: beta\ndescription: Second.\n---\n# Beta\n",
        ])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let before = SiteFixtures.files(in: output).map { ($0, FileManager.default.contents(atPath: output + "/" + $0)) }
        try tree.write("beta/SKILL.md", "---\nname: beta\ndescription: Second.\n---\n# Beta\n\nChanged.\n")
        // The graph page (reports/graph.html) has no template: rendering fails after other pages
        // were linked from the previous site.
        var incomplete = Theme.standard
        incomplete.remove("graph.mustache")
        #expect(throws: (any Error).self) { try SiteFixtures.build(tree.path, into: output, theme: incomplete) }
        let after = SiteFixtures.files(in: output).map { ($0, FileManager.default.contents(atPath: output + "/" + $0)) }
        #expect(after.map(\.0) == before.map(\.0))
        #expect(after.map(\.1) == before.map(\.1))

        let summary = try SiteFixtures.build(tree.path, into: output)
        #expect(summary.reuse?.rebuiltPages == ["beta/index.html"])
        #expect((summary.reuse?.reusedFiles ?? 0) > 5)
        let full = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(full) }
        try SiteFixtures.build(tree.path, into: full)
        #expect(SiteFixtures.files(in: output) == SiteFixtures.files(in: full))
        for path in SiteFixtures.files(in: full) {
            #expect(FileManager.default.contents(atPath: output + "/" + path) == FileManager.default.contents(atPath: full + "/" + path),
                    "\(path) differs from a full build")
        }
    }
}
