import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// Headless Chromium over file:// on the search fixture's site: typing "touch targ" in the top
/// bar's box drops down results, the first is the "Touch targets" section, and Enter leads there
/// with the matched words highlighted (Tests/browser/search-checks.mjs).
@Suite struct SearchBrowserTests {
    @Test(.enabled(if: SiteBrowserTests.node != nil && SiteBrowserTests.chromium != nil,
                   "needs node and chromium (Debian packages nodejs, chromium)"))
    func typingAQueryLeadsToTheHighlightedSection() throws {
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: output).deletingLastPathComponent().path) }
        let summary = try SiteFixtures.build(SearchFixtures.collection.path, into: output)
        #expect(summary.searchIndex?.files ?? 0 >= 5)
        let script = TestPaths.repository.appendingPathComponent("Tests/browser/site-browser-test.mjs").path
        let result = try BrowserTools.run(try #require(SiteBrowserTests.node),
                                          [script, output, "--chromium", try #require(SiteBrowserTests.chromium),
                                           "--search-query", "touch targ"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("followed the first result to controls/references/toggles.html#touch-targets"), "\(result.output)")
        #expect(result.output.contains(" 0 problems"), "\(result.output)")
    }
}
