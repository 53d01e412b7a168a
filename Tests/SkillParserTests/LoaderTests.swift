import Foundation
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct LoaderTests {
    private let skill = "---\nname: %@\ndescription: A skill.\n---\n# %@\n"

    private func skillFile(_ name: String, body: String = "") -> String {
        "---\nname: \(name)\ndescription: A skill.\n---\n# \(name)\n\n\(body)"
    }

    @Test func groupsDocumentsIntoSkillsIncludingNestedSkillsAndLooseFiles() throws {
        let tree = try FixtureTree([
            "README.md": "# Collection\n",
            "alpha/SKILL.md": skillFile("alpha"),
            "alpha/references/one.md": "# One\n",
            "alpha/references/deep/two.md": "# Two\n",
            "alpha/notes.md": "# Notes\n",
            "alpha/inner/SKILL.md": skillFile("inner"),
            "alpha/inner/references/three.md": "# Three\n",
            ".hidden/SKILL.md": skillFile("hidden"),
            "node_modules/x/SKILL.md": skillFile("x"),
            "alpha/.build/y.md": "# y\n",
            "alpha/image.png": "not markdown",
        ])
        let graph = try CollectionLoader.load(root: tree.path)
        #expect(graph.skills.map(\.name) == ["alpha", "inner"])
        #expect(graph.skills.map(\.folder) == ["alpha", "alpha/inner"])
        #expect(graph.skills[0].documents == ["alpha/notes.md", "alpha/references/deep/two.md", "alpha/references/one.md"])
        #expect(graph.skills[1].documents == ["alpha/inner/references/three.md"])
        #expect(graph.document(at: "README.md")?.kind == .loose)
        #expect(graph.document(at: "alpha/notes.md")?.kind == .other)
        #expect(graph.document(at: "alpha/references/one.md")?.kind == .reference)
        #expect(graph.documents.count == 7)
    }

    /// A folder with many folders has them listed ahead on all cores (`FileWalker.listAheadFrom`):
    /// the walk must find what it finds one folder at a time, skipping the same folders.
    @Test func aWideFolderIsWalkedAsANarrowOneIs() throws {
        var files: [String: String] = [:]
        let skills = (0..<12).map { String(format: "skill-%02d", $0) }
        for name in skills {
            files["\(name)/SKILL.md"] = skillFile(name)
            files["\(name)/references/guide.md"] = "# Guide\n"
            files["\(name)/references/deep/more.md"] = "# More\n"
        }
        files["skill-03/inner/SKILL.md"] = skillFile("inner")
        files[".agents/skills/agent/SKILL.md"] = skillFile("agent")
        files[".cache/stale/SKILL.md"] = skillFile("stale")
        files[".private/kept/SKILL.md"] = skillFile("kept")
        files["node_modules/x/SKILL.md"] = skillFile("x")
        files["archive/old/SKILL.md"] = skillFile("old")
        files["site/index.html"] = "<p>site</p>"
        files["site/\(CollectionLoader.siteMarkerFile)"] = CollectionLoader.siteMarkerText
        files["site/copy/SKILL.md"] = skillFile("copy")
        files["pages/index.html"] = "<p>not a site: no marker</p>"
        files["pages/page/SKILL.md"] = skillFile("page")
        let tree = try FixtureTree(files)
        var config = CollectionConfig()
        config.include = [".private"]
        config.exclude = ["archive/**", "archive"]
        let graph = try CollectionLoader.load(root: tree.path, config: config)
        var expected = [".agents/skills/agent/SKILL.md", ".private/kept/SKILL.md", "pages/page/SKILL.md"]
        for name in skills {
            expected += ["\(name)/SKILL.md", "\(name)/references/deep/more.md", "\(name)/references/guide.md"]
            if name == "skill-03" { expected.append("skill-03/inner/SKILL.md") }
        }
        #expect(graph.documents.map(\.path) == expected.sorted())
        #expect(graph.skippedHiddenSkills == [".cache/stale"])
        #expect(graph.diagnostics.map(\.code) == ["site-folder-skipped"])
        // The listings made ahead are the graph's listings, deep folders included.
        #expect(graph.files.entries(of: "skill-07/references/deep") == ["more.md"])
        #expect(graph.files.entries(of: "skill-03") == ["SKILL.md", "inner", "references"])
        #expect(graph.files.entries(of: "") == [".agents", ".cache", ".private", "archive", "node_modules", "pages", "site"] + skills)
    }

    @Test func invalidUTF8IsReportedAndTheWalkGoesOn() throws {
        let tree = try FixtureTree(["a/SKILL.md": skillFile("a")])
        try Data([0x23, 0x20, 0x41, 0x0A, 0x42, 0xFF, 0xFE, 0x0A]).write(to: tree.root.appendingPathComponent("a/bad.md"))
        let graph = try CollectionLoader.load(root: tree.path)
        #expect(graph.skills.count == 1)
        let problem = try #require(graph.diagnostics.first { $0.code == "invalid-utf8" })
        #expect(problem.location == SourceLocation(file: "a/bad.md", line: 2, column: 1))
    }

    @Test func symlinksAreNotFollowedOutOfTheRoot() throws {
        let outside = try FixtureTree(["secret.md": "# Secret\n", "folder/x.md": "# X\n"])
        let tree = try FixtureTree(["a/SKILL.md": skillFile("a"), "a/real.md": "# Real\n"])
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: tree.root.appendingPathComponent("a/escape.md").path,
                                       withDestinationPath: outside.root.appendingPathComponent("secret.md").path)
        try manager.createSymbolicLink(atPath: tree.root.appendingPathComponent("a/linked-folder").path,
                                       withDestinationPath: outside.root.appendingPathComponent("folder").path)
        try manager.createSymbolicLink(atPath: tree.root.appendingPathComponent("a/alias.md").path,
                                       withDestinationPath: tree.root.appendingPathComponent("a/real.md").path)
        try manager.createSymbolicLink(atPath: tree.root.appendingPathComponent("a/loop").path,
                                       withDestinationPath: tree.root.appendingPathComponent("a").path)
        let graph = try CollectionLoader.load(root: tree.path)
        #expect(graph.documents.map(\.path) == ["a/SKILL.md", "a/alias.md", "a/real.md"])
    }

    @Test func aMissingRootAndAFileRootAreToldApart() throws {
        do {
            _ = try CollectionLoader.load(root: "/nonexistent/skillbook-folder")
            Issue.record("a missing root loaded")
        } catch {
            #expect("\(error)" == "/nonexistent/skillbook-folder: no such folder; give the folder that holds the skills")
        }
        let tree = try FixtureTree(["file.md": "# F\n"])
        do {
            _ = try CollectionLoader.load(root: tree.path + "/file.md")
            Issue.record("a file loaded as a root")
        } catch {
            #expect("\(error)".hasSuffix("file.md: not a folder; give the folder that holds the skills"))
        }
    }

    @Test func edgesConnectSkillsDocumentsAndPaths() throws {
        let tree = try FixtureTree([
            "alpha/SKILL.md": skillFile("alpha", body: """
                Read [one](references/one.md#usage) and `references/two.md`.
                Uses `beta` too. [Beta](../beta/SKILL.md)

                ## Related skills

                - `gamma`: more
                """),
            "alpha/references/one.md": "# One\n\n## Usage\n\nBack to [top](#one).\n",
            "alpha/references/two.md": "# Two\n",
            "beta/SKILL.md": skillFile("beta"),
            "gamma/SKILL.md": skillFile("gamma"),
        ])
        let graph = try CollectionLoader.load(root: tree.path)
        let outgoing = graph.outgoing("alpha/SKILL.md").map { "\($0.kind.rawValue) \($0.to) \($0.anchor ?? "")" }
        #expect(outgoing == [
            "link alpha/references/one.md usage",
            "path alpha/references/two.md ",
            "mentions beta ",
            "link beta/SKILL.md ",
            "mentions beta ",
            "related gamma ",
        ])
        #expect(graph.incoming("beta").count == 2)
        #expect(graph.outgoing("alpha").filter { $0.kind == .contains }.count == 3)
        #expect(graph.outgoing("alpha/references/one.md").map(\.anchor) == ["one"])
    }

    @Test func dotOutputHasSkillNodesAndEdges() throws {
        let tree = try FixtureTree([
            "alpha/SKILL.md": skillFile("alpha", body: "See `beta`.\n"),
            "beta/SKILL.md": skillFile("beta"),
        ])
        let dot = GraphDOT.render(try CollectionLoader.load(root: tree.path))
        #expect(dot == "digraph skills {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n  \"alpha\";\n  \"beta\";\n  \"alpha\" -> \"beta\";\n}\n")
    }
}
