import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SiteBuilder

/// Hostile collections built into sites, each beside one good skill: the build finishes, says
/// what it changed, renders the good skill, and publishes nothing that runs on the site's origin.
@Suite struct HostileSiteTests {
    static let good = "---\nname: good\ndescription: A good skill.\n---\n# Good\n\nSee `good`.\n"

    static func skill(_ name: String, body: String = "Body.\n") -> String {
        "---\nname: \(name)\ndescription: A skill.\n---\n# \(name)\n\n\(body)"
    }

    /// Builds `files` plus the good skill; returns the output folder and the build summary.
    static func build(_ files: [String: String]) throws -> (tree: FixtureTree, output: String, summary: SiteBuilder.Summary) {
        let tree = try FixtureTree(files.merging(["good/SKILL.md": good]) { $1 })
        let output = SiteFixtures.temporaryPath()
        let summary = try SiteFixtures.build(tree.path, into: output)
        return (tree, output, summary)
    }

    static func expectGoodSkillRendered(_ output: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let page = try? SiteFixtures.read(output, "good/index.html")
        #expect(page?.contains("<code>good</code>") == true, sourceLocation: sourceLocation)
        #expect(SiteSafetyScan.scan(site: output).map(\.description) == [], sourceLocation: sourceLocation)
    }

    @Test func linkedHTMLAndSVGArePublishedAsTextAndSVGImagesInlined() throws {
        let script = "<script>alert(document.domain)</script>"
        let (_, output, _) = try Self.build([
            "bad/SKILL.md": Self.skill("bad", body: "[page](evil.html) [old](old.htm) [pic](pic.svg) [x](feed.xml)\n\n![chart](pic.svg)\n"),
            "bad/evil.html": script, "bad/old.htm": script, "bad/feed.xml": "<x/>",
            "bad/pic.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\">\(script)</svg>",
        ])
        defer { SiteFixtures.removeTemporary(output) }
        Self.expectGoodSkillRendered(output)
        let files = SiteFixtures.files(in: output).filter { $0.hasPrefix("bad/") }
        #expect(files == ["bad/SKILL.md", "bad/evil.html.txt", "bad/feed.xml.txt", "bad/index.html", "bad/old.htm.txt", "bad/pic.svg.txt"])
        let page = try SiteFixtures.read(output, "bad/index.html")
        #expect(page.contains("href=\"evil.html.txt\""))
        #expect(page.contains("href=\"pic.svg.txt\""))
        #expect(page.contains("<img src=\"data:image/svg+xml;base64,"))
        #expect(try SiteFixtures.read(output, "bad/evil.html.txt") == script)
    }

    @Test(arguments: ["404.html", "index.html", "search.html", "llms.txt", "sitemap.xml", "Index.HTML"])
    func aSkillFolderWithAReservedNameIsRenamedWithAWarning(folder: String) throws {
        let (_, output, summary) = try Self.build(["\(folder)/SKILL.md": Self.skill("reserved")])
        defer { SiteFixtures.removeTemporary(output) }
        Self.expectGoodSkillRendered(output)
        let renamed = try #require(summary.problems.first { $0.code == "site-path-renamed" })
        #expect(renamed.location.file == "\(folder)/SKILL.md")
        #expect(renamed.message.contains("\(folder)-folder/index.html"))
        #expect(FileManager.default.fileExists(atPath: output + "/\(folder)-folder/index.html"))
        let home = try SiteFixtures.read(output, "index.html")
        #expect(home.contains("href=\"\(SitePaths.url(to: folder + "-folder/index.html", from: "index.html"))\""))
    }

    @Test func aReferenceWhoseNameIsTooLongForThePageIsShortened() throws {
        let name = String(repeating: "r", count: 252)
        let (_, output, summary) = try Self.build([
            "long/SKILL.md": Self.skill("long", body: "[ref](references/\(name).md)\n"),
            "long/references/\(name).md": "# Long\n",
        ])
        defer { SiteFixtures.removeTemporary(output) }
        Self.expectGoodSkillRendered(output)
        let renamed = try #require(summary.problems.first { $0.code == "site-path-renamed" })
        #expect(renamed.message.contains("longer than a disk allows"))
        let page = SitePaths.page(forSource: "long/references/\(name).md")
        #expect(page.split(separator: "/").last!.utf8.count <= 255)
        #expect(FileManager.default.fileExists(atPath: output + "/" + page))
        #expect(try SiteFixtures.read(output, "long/index.html").contains(String(page.dropFirst("long/".count))))
    }

    @Test func aCollectionFileShadowedByTheThemeIsReported() throws {
        let (_, output, summary) = try Self.build([
            "assets/site.js": "alert('mine')", "user/SKILL.md": Self.skill("user", body: "[script](../assets/site.js)\n"),
        ])
        defer { SiteFixtures.removeTemporary(output) }
        Self.expectGoodSkillRendered(output)
        let shadowed = try #require(summary.problems.first { $0.code == "site-path-collision" })
        #expect(shadowed.location.file == "assets/site.js")
        // Known while planning, so the diagnostics report lists it as the summary does.
        let report = try SiteFixtures.read(output, "reports/diagnostics.html")
        #expect(report.contains(shadowed.message.replacingOccurrences(of: "'", with: "&#39;")))
        #expect(try SiteFixtures.read(output, "assets/site.js") != "alert('mine')")
    }

    @Test func hostileMarkdownRendersWithoutActiveContent() throws {
        let body = """
            <script>alert(1)</script>
            <img src=x onerror=alert(1)>
            [click](javascript:alert(1)) [tab](java\tscript:alert(1)) [data](data:text/html,<script>alert(1)</script>)
            <a href="javascript:alert(1)">raw</a> <iframe src="https://example.com"></iframe>
            ![x](javascript:alert(1)) <svg onload=alert(1)>
            """
        let (_, output, _) = try Self.build(["bad/SKILL.md": Self.skill("bad", body: body + "\n" + String(repeating: "> ", count: 200) + "deep\n")])
        defer { SiteFixtures.removeTemporary(output) }
        Self.expectGoodSkillRendered(output)
    }

    @Test func deepNestingAndLongLinesBuild() throws {
        // Long lines within the line limit, and a paragraph of many of them.
        let body = String(repeating: "> - ", count: 2_000) + "deep\n\n"
            + String(repeating: String(repeating: "*a**a**a", count: 1_000) + "\n", count: 20)
        let (_, output, _) = try Self.build(["bad/SKILL.md": Self.skill("bad", body: body)])
        defer { SiteFixtures.removeTemporary(output) }
        Self.expectGoodSkillRendered(output)
        #expect(try SiteFixtures.read(output, "bad/index.html").contains("deep"))
    }
}

/// The scan itself finds what it looks for, so that a clean result means something.
@Suite struct SiteSafetyScanTests {
    @Test func findsScriptsHandlersAndDangerousURLsButNotTheThemeScripts() throws {
        let tree = try FixtureTree([
            "index.html": "<p>ok</p><script src=\"assets/site.js\" defer></script>",
            "a.html": "<p>x</p><script>alert(1)</script>",
            "b.html": "<img src=x onerror=\"alert(1)\">",
            "c.html": "<a href=\"javascript:alert(1)\">x</a>",
            "d.html": "<iframe src=\"https://example.com\"></iframe>",
            "e/evil.svg": "<svg/>",
            "search/docs.json": "{\"t\": \"<script>alert(1)</script>\"}",
        ])
        let files = SiteSafetyScan.scan(site: tree.path).map(\.file)
        #expect(files == ["a.html", "b.html", "c.html", "d.html", "e/evil.svg", "search/docs.json"])
    }
}

/// The scan over whole sites built from the project's own fixture collections.
@Suite struct FixtureSiteSafetyTests {
    @Test(arguments: ["Tests/SiteBuilderTests/SiteFixtures/collection", "Tests/search-fixtures/collection"])
    func everyPageAndSearchFileOfAFixtureSiteIsFreeOfActiveContent(collection: String) throws {
        let root = TestPaths.repository.appendingPathComponent(collection).path
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(root, into: output)
        #expect(SiteFixtures.files(in: output).count > 10)
        #expect(SiteSafetyScan.scan(site: output).map(\.description) == [])
    }
}

/// Inputs that once crashed, hung or exhausted a fuzz target, saved by `make fuzz`, replayed on
/// every test run.
@Suite struct FuzzRegressionTests {
    static let folder = TestPaths.repository.appendingPathComponent("Tests/FuzzRegressions")

    @Test(.timeLimit(.minutes(10)), arguments: FuzzTargets.all.map(\.name))
    func savedInputsRunCleanly(target: String) throws {
        let run = try #require(FuzzTargets.named(target))
        let inputs = (try? FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent(target).path)) ?? []
        for name in inputs.sorted() where !name.hasPrefix(".") {
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(target).appendingPathComponent(name))
            run(Array(data))
        }
    }

    @Test func everyTargetHasARegressionFolder() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
        #expect(folders == FuzzTargets.all.map(\.name).sorted())
    }
}
