import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// How a build treats its output folder: atomic, deterministic, careful with folders it did not make.
@Suite struct SiteBuildTests {
    static let collection = [
        "alpha/SKILL.md": "---\nname: alpha\ndescription: A.\n---\n# Alpha\n\nSee [x](references/x.md) and ![chart](img/chart.png).\n",
        "alpha/references/x.md": "# X\n\nBack to [alpha](../SKILL.md).\n",
        "alpha/img/chart.png": "not really a png",
        "alpha/secret.txt": "not linked, not published",
    ]

    @Test func twoBuildsOfTheSameInputAreByteIdentical() throws {
        let tree = try FixtureTree(Self.collection)
        let first = SiteFixtures.temporaryPath(), second = SiteFixtures.temporaryPath()
        defer { [first, second].forEach(SiteFixtures.removeTemporary) }
        try SiteFixtures.build(tree.path, into: first)
        try SiteFixtures.build(tree.path, into: second)
        let files = SiteFixtures.files(in: first)
        #expect(files == SiteFixtures.files(in: second))
        for file in files {
            let a = FileManager.default.contents(atPath: first + "/" + file)
            let b = FileManager.default.contents(atPath: second + "/" + file)
            #expect(a == b, "\(file) differs between two builds")
        }
    }

    @Test func publishesSourcesAsTheyAreAndOnlyLinkedFiles() throws {
        let tree = try FixtureTree(Self.collection)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let files = SiteFixtures.files(in: output)
        #expect(try SiteFixtures.read(output, "alpha/SKILL.md") == Self.collection["alpha/SKILL.md"])
        #expect(try SiteFixtures.read(output, "alpha/references/x.md") == Self.collection["alpha/references/x.md"])
        #expect(files.contains("alpha/img/chart.png"))
        #expect(!files.contains("alpha/secret.txt"))
        #expect(files.contains(".skillbook-site"))
        #expect(!files.contains("sitemap.xml"), "no base_url, no sitemap")
        #expect(files.contains("llms.txt"))
    }

    @Test func refusesToReplaceAFolderItDidNotMakeUnlessForced() throws {
        let tree = try FixtureTree(Self.collection)
        let other = try FixtureTree(["notes.txt": "mine"])
        #expect(throws: (any Error).self) { try SiteFixtures.build(tree.path, into: other.path) }
        #expect(try other.read("notes.txt") == "mine")
        try SiteFixtures.build(tree.path, into: other.path, force: true)
        #expect(FileManager.default.fileExists(atPath: other.path + "/alpha/index.html"))
        #expect(!FileManager.default.fileExists(atPath: other.path + "/notes.txt"))
        // Now it carries the marker: a second build replaces it without --force.
        try SiteFixtures.build(tree.path, into: other.path)
    }

    @Test func aFailedBuildLeavesThePreviousSiteAndNoTemporaryFolder() throws {
        let tree = try FixtureTree(Self.collection)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let before = try SiteFixtures.read(output, "alpha/index.html")
        var theme = Theme.standard
        theme.replace("skill.mustache", with: "{{#unclosed}}")
        #expect(throws: (any Error).self) { try SiteFixtures.build(tree.path, into: output, theme: theme) }
        #expect(try SiteFixtures.read(output, "alpha/index.html") == before)
        // A failure while pages are being written, after the temporary folder exists.
        var incomplete = Theme.standard
        incomplete.remove("graph.mustache")
        #expect {
            try SiteFixtures.build(tree.path, into: output, theme: incomplete)
        } throws: { error in
            "\(error)".contains("render: reports/graph.html: the theme has no graph.mustache template")
        }
        #expect(try SiteFixtures.read(output, "alpha/index.html") == before)
        let parent = (output as NSString).deletingLastPathComponent
        // Beside the site only its build cache, which the successful build wrote.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).sorted() == [".site.skillbook-cache", "site"])
    }

    @Test func neverWritesOverTheCollectionItself() throws {
        let tree = try FixtureTree(Self.collection)
        #expect(throws: (any Error).self) { try SiteFixtures.build(tree.path, into: tree.path, force: true) }
        #expect(throws: (any Error).self) {
            try SiteFixtures.build(tree.path, into: (tree.path as NSString).deletingLastPathComponent, force: true)
        }
        #expect(try tree.read("alpha/secret.txt") == "not linked, not published")
    }

    @Test func aSiteInsideTheCollectionIsNotReadBackAsSkills() throws {
        let tree = try FixtureTree(Self.collection)
        let output = tree.path + "/_site"
        try SiteFixtures.build(tree.path, into: output)
        let graph = try CollectionLoader.load(root: tree.path)
        #expect(graph.skills.map(\.folder) == ["alpha"])
        try SiteFixtures.build(tree.path, into: output)
        #expect(!FileManager.default.fileExists(atPath: output + "/_site"))
    }

    @Test func themeFilesReplaceTheDefaultsByName() throws {
        let tree = try FixtureTree(Self.collection)
        let overrides = try FixtureTree([
            "not-found.mustache": "<h1>Lost: {{pageTitle}}</h1>",
            "assets/site.css": "body { color: red; }",
            "assets/logo.txt": "extra asset",
        ])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output, theme: try Theme.load(overrides: overrides.path))
        #expect(try SiteFixtures.read(output, "404.html").contains("<h1>Lost: Page not found</h1>"))
        #expect(try SiteFixtures.read(output, "assets/site.css") == "body { color: red; }")
        #expect(try SiteFixtures.read(output, "assets/logo.txt") == "extra asset")
        #expect(try SiteFixtures.read(output, "alpha/index.html").contains("<h1 id=\"alpha\">"))
    }

    @Test func missingHighlightScriptStillBuildsWithoutHighlighting() throws {
        let tree = try FixtureTree(Self.collection)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        let graph = try CollectionLoader.load(root: tree.path)
        var log = StepLog(total: SiteBuilder.steps.count)
        let summary = try SiteBuilder.build(SiteInput(graph: graph),
                                            options: SiteOptions(output: output, highlightScript: "/nonexistent/highlight.min.js"),
                                            log: &log)
        #expect(summary.notes.contains { $0.contains("no syntax highlighting") })
        #expect(!(try SiteFixtures.read(output, "alpha/index.html")).contains("highlight.min.js"))
        #expect(log.steps.map(\.name) == SiteBuilder.steps)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: SiteOptions.debianHighlightScript)))
    func highlightScriptIsCopiedAndLoadedOnlyWhereThereIsCode() throws {
        var files = Self.collection
        files["alpha/references/x.md"]! += "\n```swift\nlet x = 1\n```\n"
        let tree = try FixtureTree(files)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        let graph = try CollectionLoader.load(root: tree.path)
        var log = StepLog(total: SiteBuilder.steps.count)
        _ = try SiteBuilder.build(SiteInput(graph: graph), options: SiteOptions(output: output), log: &log)
        #expect(FileManager.default.contentsEqual(atPath: output + "/assets/highlight.min.js", andPath: SiteOptions.debianHighlightScript))
        #expect(try SiteFixtures.read(output, "alpha/references/x.html").contains("<script src=\"../../assets/highlight.min.js\" defer></script>"))
        // highlight.js is most of a first visit: pages without code do not load it.
        for page in ["alpha/index.html", "index.html", "reports/diagnostics.html", "reports/graph.html"] {
            #expect(!(try SiteFixtures.read(output, page)).contains("highlight.min.js"), "\(page)")
        }
    }

    @Test func collidingPagePathsAreReportedNotOverwritten() throws {
        let tree = try FixtureTree(Self.collection.merging(["search.md": "# My search notes\n"]) { $1 })
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        let summary = try SiteFixtures.build(tree.path, into: output)
        #expect(summary.problems.map(\.code) == ["site-path-collision"])
        #expect(try SiteFixtures.read(output, "search.html").contains("id=\"search-results\""))
        #expect(try SiteFixtures.read(output, "reports/diagnostics.html").contains("site-path-collision"))
    }
}
