import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// Every page of the fixture collection against its golden file
/// (`SKILLBOOK_RECORD_GOLDEN=1 swift test --filter SiteGoldenTests` re-records them).
@Suite struct SiteGoldenTests {
    @Test func everyPageMatchesItsGoldenFile() throws {
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        let duplicates = [DuplicateGroup(title: "Keep it short.", detail: "2 places, 100% similar", members: [
            DuplicateGroup.Member(location: SkillParser.SourceLocation(file: "alpha-one/SKILL.md", line: 21, column: 3), text: "Keep it short."),
            DuplicateGroup.Member(location: SkillParser.SourceLocation(file: "alpha-two/SKILL.md", line: 1, column: 1), text: "Keep it short."),
        ])]
        let graph = try CollectionLoader.load(root: SiteFixtures.collection.path)
        let diagnostics = graph.diagnostics + [
            Diagnostic(.error, code: "broken-link", "link target `references/missing.md` does not exist",
                       at: SkillParser.SourceLocation(file: "alpha-one/SKILL.md", line: 23, column: 17),
                       notes: [DiagnosticNote("the skill is declared here", at: SkillParser.SourceLocation(file: "alpha-one/SKILL.md", line: 2))],
                       suggestion: "did you mean `references/patterns.md`?"),
            Diagnostic(.warning, code: "invalid-config", "a warning about a file without a page", at: SkillParser.SourceLocation(file: "skillbook.yml", line: 1)),
        ]
        // The stylesheet is an asset, not a page: a placeholder keeps CSS edits out of the inlined 404 page's golden file.
        var theme = Theme.standard
        theme.replace("assets/site.css", with: "/* the default stylesheet */\n")
        try SiteFixtures.build(SiteFixtures.collection.path, into: output, theme: theme, diagnostics: diagnostics,
                               duplicates: duplicates)
        let pages = SiteFixtures.files(in: output).filter { $0.hasSuffix(".html") || $0 == "llms.txt" || $0 == "sitemap.xml" }
        #expect(pages.count == 16)
        for page in pages {
            try Golden.check(try SiteFixtures.read(output, page), against: page)
        }
        // A golden file whose page is no longer built is stale.
        if !Golden.recording {
            let recorded = SiteFixtures.files(in: SiteFixtures.golden.path)
            #expect(recorded == pages)
        }
    }
}
