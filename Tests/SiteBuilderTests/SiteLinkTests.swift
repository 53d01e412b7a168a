import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// Walks whole built sites: every internal link and anchor must resolve.
@Suite struct SiteLinkTests {
    @Test func fixtureSiteHasNoBrokenInternalLinks() throws {
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(SiteFixtures.collection.path, into: output)
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
        let home = try SiteFixtures.read(output, "alpha-one/index.html")
        #expect(SiteLinkChecker.internalLinks(in: home).count > 30)
    }

    @Test func pagesLoadNothingFromTheNetwork() throws {
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(SiteFixtures.collection.path, into: output)
        for page in SiteFixtures.files(in: output) where page.hasSuffix(".html") {
            let html = try SiteFixtures.read(output, page)
            let loads = SiteLinkChecker.attributeValues("src", in: html)
                + html.components(separatedBy: "<link ").dropFirst().compactMap { tag -> String? in
                    tag.contains("rel=\"canonical\"") ? nil : SiteLinkChecker.attributeValues("href", in: " " + tag).first
                }
            for url in loads {
                #expect(!url.contains("//") && !url.contains(":"), "\(page) loads \(url)")
            }
        }
    }

    @Test func repositoryContentSiteHasNoBrokenInternalLinks() throws {
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(TestPaths.repository.appendingPathComponent("Content").path, into: output)
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
    }

    @Test(.enabled(if: TestPaths.shared("corpora/hig-doctor/skills") != nil))
    func higDoctorSiteHasNoBrokenInternalLinks() throws {
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(try #require(TestPaths.shared("corpora/hig-doctor/skills")).path, into: output)
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
    }

    /// The diagnostics report of `check` links each finding to its exact place.
    @Test func everyFindingOfCheckLinksToAnAnchorThatExists() throws {
        let root = SiteFixtures.collection.path
        let graph = try CollectionLoader.load(root: root)
        let config = CollectionConfig.load(root: root).0
        let findings = CheckRunner.run(graph: graph, config: config)
        #expect(findings.contains { $0.code == "broken-link" })
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(root, into: output, diagnostics: findings)
        let report = try SiteFixtures.read(output, "reports/diagnostics.html")
        #expect(report.contains("#L23\">alpha-one/SKILL.md:23:"))
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
    }

    @Test(.enabled(if: TestPaths.shared("corpora/apple-hig-skills") != nil))
    func findingsOnAMessyCorpusLinkToAnchorsThatExist() throws {
        let root = try #require(TestPaths.shared("corpora/apple-hig-skills")).path
        let graph = try CollectionLoader.load(root: root)
        let findings = CheckRunner.run(graph: graph, config: CollectionConfig.load(root: root).0)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(root, into: output, diagnostics: findings)
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

/// Unusual collections still give a site whose links all resolve.
@Suite struct SiteEdgeCaseTests {
    @Test func aRootThatIsItselfASkill() throws {
        let tree = try FixtureTree([
            "SKILL.md": "---\nname: solo\ndescription: The root is the skill.\n---\n# Solo\n\nSee [notes](references/notes.md#part).\n",
            "references/notes.md": "# Notes\n\n## Part\n\nBack to [the skill](../SKILL.md).\n",
        ])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        #expect(try SiteFixtures.read(output, "skill.html").contains("<a href=\"references/notes.html#part\">notes</a>"))
        #expect(try SiteFixtures.read(output, "references/notes.html").contains("<a href=\"../skill.html\">the skill</a>"))
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
    }

    @Test func namesWithSpacesAndNonASCIILetters() throws {
        let tree = try FixtureTree([
            "café skill/SKILL.md": "---\nname: café-skill\ndescription: Accents.\n---\n# Café\n\n## Crème brûlée\n\n[Über](references/über%20uns.md#größe)\n",
            "café skill/references/über uns.md": "# Über uns\n\n## Größe\n\n[back](../SKILL.md#crème-brûlée)\n",
        ])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let skill = try SiteFixtures.read(output, "café skill/index.html")
        // Letters beyond ASCII stay as they are in fragments (the browser encodes them), which keeps
        // pages with many non-ASCII headings a third the size.
        #expect(skill.contains("<a href=\"references/%C3%BCber%20uns.html#größe\">Über</a>"))
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
    }

    @Test func aCollectionWithoutSkills() throws {
        let tree = try FixtureTree(["README.md": "# Just notes\n\nNothing else.\n", "guide.md": "# Guide\n"])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let home = try SiteFixtures.read(output, "index.html")
        #expect(home.contains("<h1>Just notes</h1>"))
        #expect(home.contains("This collection has no skills yet"))
        #expect(home.contains("<li><a href=\"guide.html\">Guide</a> <span class=\"path\">guide.md</span></li>"))
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems() == [])
    }
}
