import Foundation
import Testing
import TestSupport
@testable import SiteBuilder

/// Walks whole built sites: every internal link and anchor must resolve.
@Suite struct SiteLinkTests {
    @Test func fixtureSiteHasNoBrokenInternalLinks() throws {
        let output = SiteFixtures.temporaryPath()
        try SiteFixtures.build(SiteFixtures.collection.path, into: output)
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
        let home = try SiteFixtures.read(output, "alpha-one/index.html")
        #expect(SiteLinkChecker.internalLinks(in: home).count > 30)
    }

    @Test func repositoryContentSiteHasNoBrokenInternalLinks() throws {
        let output = SiteFixtures.temporaryPath()
        try SiteFixtures.build(TestPaths.repository.appendingPathComponent("Content").path, into: output)
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
    }

    @Test(.enabled(if: TestPaths.shared("corpora/hig-doctor/skills") != nil))
    func higDoctorSiteHasNoBrokenInternalLinks() throws {
        let output = SiteFixtures.temporaryPath()
        try SiteFixtures.build(try #require(TestPaths.shared("corpora/hig-doctor/skills")).path, into: output)
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
    }

    @Test func theCheckerNoticesBrokenLinksAndAnchors() throws {
        let tree = try FixtureTree([
            "index.html": "<a href=\"a.html#there\">ok</a> <a href=\"a.html#gone\">x</a> <a href=\"missing.html\">y</a> <a href=\"https://example.com/\">z</a>",
            "a.html": "<h1 id=\"there\">A</h1>",
        ])
        var checker = SiteLinkChecker(root: tree.path)
        #expect(checker.problems() == [
            "index.html: a.html#gone (no id gone in a.html)",
            "index.html: missing.html (no such file)",
        ])
    }
}
