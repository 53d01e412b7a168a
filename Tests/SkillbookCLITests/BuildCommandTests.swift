import Foundation
import Testing
import TestSupport

@Suite struct BuildCommandTests {
    static let collection = [
        "alpha/SKILL.md": "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\nSee `beta`.\n",
        "beta/SKILL.md": "---\nname: beta\ndescription: Second.\n---\n# Beta\n",
    ]

    @Test func buildsTheSiteAndSaysWhereToOpenIt() throws {
        let tree = try FixtureTree(Self.collection)
        let result = try runSkillbook(["build", tree.path, "-o", tree.path + "/out"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("Built 8 pages into \(tree.path)/out in "))
        #expect(result.stdout.hasSuffix(
            "Open file://\(tree.path)/out/index.html in a browser, or publish \(tree.path)/out/ on any static host.\n"))
        #expect(result.stderr == "")
        #expect(FileManager.default.fileExists(atPath: tree.path + "/out/beta/index.html"))
    }

    @Test func defaultsToUnderscoreSiteInTheCurrentFolder() throws {
        let tree = try FixtureTree(Self.collection)
        let result = try runSkillbook(["build", "--quiet"], in: tree.root)
        #expect(result.exitCode == 0)
        #expect(result.stdout == "")
        #expect(FileManager.default.fileExists(atPath: tree.path + "/_site/alpha/index.html"))
    }

    @Test func verboseNamesEveryStepWithItsTiming() throws {
        let tree = try FixtureTree(Self.collection)
        let result = try runSkillbook(["build", tree.path, "-o", tree.path + "/out", "--verbose"])
        #expect(result.exitCode == 0)
        let steps = result.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }.map { $0.split(separator: " ")[0...1].joined(separator: " ") }
        #expect(steps == ["[1/8] load", "[2/8] dedupe", "[3/8] check", "[4/8] plan", "[5/8] render", "[6/8] index", "[7/8] copy", "[8/8] write"])
    }

    @Test func strictFailsOnErrorsAndLeavesTheOutputAlone() throws {
        var files = Self.collection
        files["gamma/SKILL.md"] = "---\nname: gamma\ndescription: [unclosed\n---\n# Gamma\n"
        let tree = try FixtureTree(files)
        let plain = try runSkillbook(["build", tree.path, "-o", tree.path + "/out"])
        #expect(plain.exitCode == 0, "errors are listed in the report, not fatal, without --strict")
        #expect(plain.stdout.contains("1 error"))
        let before = try tree.read("out/index.html")
        try tree.write("alpha/SKILL.md", "---\nname: alpha\ndescription: Changed.\n---\n# Alpha changed\n")
        let strict = try runSkillbook(["build", tree.path, "-o", tree.path + "/out", "--strict"])
        #expect(strict.exitCode == 1)
        #expect(strict.stderr.contains("gamma/SKILL.md:"))
        #expect(strict.stderr.contains("--strict leaves"))
        #expect(try tree.read("out/index.html") == before)
        // The output folder prepared beside the check step is given back: no staging folder or
        // lock is left, and the next build may take the folder.
        let beside = try FileManager.default.contentsOfDirectory(atPath: tree.path)
        #expect(!beside.contains { $0.hasPrefix(".out.skillbook-tmp-") || $0 == ".out.skillbook-lock" }, "left beside out: \(beside)")
        let again = try runSkillbook(["build", tree.path, "-o", tree.path + "/out"])
        #expect(again.exitCode == 0)
        #expect(try tree.read("out/index.html") != before)
    }

    @Test func theDiagnosticsReportListsTheFindingsOfCheck() throws {
        var files = Self.collection
        files["alpha/SKILL.md"] = "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\nSee [gone](references/gone.md).\n"
        let tree = try FixtureTree(files)
        let result = try runSkillbook(["build", tree.path, "-o", tree.path + "/out"])
        #expect(result.exitCode == 0)
        let report = try tree.read("out/reports/diagnostics.html")
        #expect(report.contains("<code class=\"diagnostic-code\">broken-link</code>"))
        #expect(report.contains("href=\"../alpha/index.html#L7\">alpha/SKILL.md:7:"))
    }

    @Test func aLinkedFileTheThemeShadowsIsWarnedAboutInTheTerminalAndTheReportAlike() throws {
        var files = Self.collection
        files["alpha/SKILL.md"] = "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\nSee [script](../assets/site.js).\n"
        files["assets/site.js"] = "alert('mine')\n"
        let tree = try FixtureTree(files)
        let result = try runSkillbook(["build", tree.path, "-o", tree.path + "/out"])
        #expect(result.exitCode == 0)
        // Every diagnostic printed is listed in the report, with the same message.
        let printed = result.stderr.split(separator: "\n").compactMap { line -> (code: String, message: String)? in
            guard let start = line.range(of: ": warning: ") ?? line.range(of: ": error: "),
                  let open = line.range(of: " [", options: .backwards), line.hasSuffix("]") else { return nil }
            return (String(line[open.upperBound...].dropLast()), String(line[start.upperBound..<open.lowerBound]))
        }
        #expect(printed.map(\.code) == ["site-path-collision"])
        #expect(printed.first?.message.hasPrefix("assets/site.js is linked from the collection") == true)
        let report = try tree.read("out/reports/diagnostics.html")
        for diagnostic in printed {
            #expect(report.contains(diagnostic.code))
            #expect(report.contains(diagnostic.message.replacingOccurrences(of: "'", with: "&#39;")), "\(diagnostic.message)")
        }
        #expect(try tree.read("out/assets/site.js") != "alert('mine')\n")
    }

    @Test func theDuplicatesReportListsTheClustersOfDupes() throws {
        var files = Self.collection
        let rule = "- Always label icon-only buttons with an accessibility label that names the action.\n"
        files["alpha/SKILL.md"]! += "\n## Rules\n\n" + rule
        files["beta/SKILL.md"]! += "\n## Rules\n\n" + rule
        let tree = try FixtureTree(files)
        let result = try runSkillbook(["build", tree.path, "-o", tree.path + "/out"])
        #expect(result.exitCode == 0)
        let report = try tree.read("out/reports/duplicates.html")
        #expect(report.contains("<h2 id=\"Cluster-1\">Always label icon-only buttons with an accessibility label that names the action.</h2>"))
        #expect(report.contains("2 statements in 2 skills"))
        #expect(report.contains("<a class=\"place\" href=\"../alpha/index.html#L11\">alpha/SKILL.md:11:1</a> <span class=\"how\">alpha: exact</span>"))
        #expect(report.contains("<a class=\"place\" href=\"../beta/index.html#L9\">beta/SKILL.md:9:1</a>"))
    }

    @Test func theDuplicatesReportMarksARuleRestatedInsideALongerOne() throws {
        var files = Self.collection
        files["alpha/SKILL.md"]! += "\n## Rules\n\n- Always label icon-only buttons for VoiceOver.\n"
        files["beta/SKILL.md"]! += "\n## Rules\n\n- When you design a toolbar, always label icon-only buttons for VoiceOver, and keep each label short.\n"
        let tree = try FixtureTree(files)
        let result = try runSkillbook(["build", tree.path, "-o", tree.path + "/out"])
        #expect(result.exitCode == 0)
        let report = try tree.read("out/reports/duplicates.html")
        #expect(report.contains("<blockquote><p>When you design a toolbar, <mark>always label icon-only buttons for VoiceOver</mark>, and keep each label short.</p></blockquote>"))
        #expect(report.contains("beta: restates the first statement inside, 100%"))
    }

    @Test func refusesAForeignFolderWithAClearMessage() throws {
        let tree = try FixtureTree(Self.collection.merging(["out/keep.txt": "precious"]) { $1 })
        let result = try runSkillbook(["build", tree.path, "-o", tree.path + "/out"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("is not empty and was not made by skillbook build"))
        #expect(result.stderr.contains("--force"))
        #expect(try tree.read("out/keep.txt") == "precious")
    }

    @Test func unknownOptionsAreUsageErrors() throws {
        let result = try runSkillbook(["build", "--colour"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("unknown option '--colour'"))
    }

    @Test func helpListsTheOptions() throws {
        let result = try runSkillbook(["build", "--help"])
        #expect(result.exitCode == 0)
        for option in ["-o, --output OUT", "--theme DIR", "--force", "--strict", "--quiet", "--verbose", "--config FILE"] {
            #expect(result.stdout.contains(option), "help lacks \(option)")
        }
    }
}
