import Foundation
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillParser

/// Files no editor would save on purpose, each beside one good skill: the loader reports what
/// it skipped or changed and reads everything else.
@Suite struct HostileFilesTests {
    static let good = HostileMarkdownTests.good

    static func tree(_ files: [String: String] = [:]) throws -> FixtureTree {
        try FixtureTree(files.merging(["good/SKILL.md": good]) { $1 })
    }

    static func write(_ bytes: [UInt8], to path: String, in tree: FixtureTree) throws {
        let url = tree.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    @Test func binaryUTF16AndInvalidUTF8FilesAreSkippedWithADiagnostic() throws {
        let tree = try Self.tree()
        try Self.write([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0xFF, 0xFE, 0x00, 0x00], to: "binary/SKILL.md", in: tree)
        try Self.write([0xFF, 0xFE] + Array("# UTF-16\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), to: "utf16/SKILL.md", in: tree)
        try Self.write(Array("# Fine\n\n".utf8) + [0xC3, 0x28, 0x0A], to: "broken/SKILL.md", in: tree)
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        let skipped = graph.diagnostics.filter { $0.code == "invalid-utf8" }.map(\.location.file).sorted()
        #expect(skipped == ["binary/SKILL.md", "broken/SKILL.md", "utf16/SKILL.md"])
    }

    @Test func nulBytesAndEmptyFilesLoad() throws {
        let tree = try Self.tree(["empty/SKILL.md": "", "nul/SKILL.md": "---\nname: nul\ndescription: A\u{0}B\n---\n# N\u{0}UL\n\nText\u{0}here.\n"])
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        #expect(graph.document(at: "empty/SKILL.md")?.markdown.blocks == [])
        #expect(graph.document(at: "nul/SKILL.md")?.markdown.headings.count == 1)
    }

    @Test(.timeLimit(.minutes(10)))
    func aFIFOIsSkippedInsteadOfBlockingTheRun() throws {
        let tree = try Self.tree()
        try FileManager.default.createDirectory(at: tree.root.appendingPathComponent("pipe"), withIntermediateDirectories: true)
        #expect(mkfifo(tree.root.appendingPathComponent("pipe/SKILL.md").path, 0o644) == 0)
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        let problem = try #require(graph.diagnostics.first { $0.location.file == "pipe/SKILL.md" })
        #expect(problem.code == "unreadable-file")
        #expect(problem.message.contains("not a regular file"))
    }

    /// 1,500 folders one inside the next, beside enough folders that the walk lists the ones below
    /// on threads of its own (`Parallel.mapWaiting`), whose stacks must take one frame a level.
    @Test(.timeLimit(.minutes(10)))
    func aFolderNestedFifteenHundredLevelsDeepLoads() throws {
        var files = ["deep/SKILL.md": "---\nname: deep\ndescription: A skill whose reference is far down.\n---\n# Deep\n"]
        for sibling in 0..<FileWalker.listAheadFrom { files["wide\(sibling)/x.md"] = "# X\n" }
        let nested = Array(repeating: "a", count: 1500).joined(separator: "/")
        files["deep/\(nested)/far.md"] = "# Far\n"
        let tree = try Self.tree(files)
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        #expect(graph.document(at: "deep/\(nested)/far.md")?.markdown.headings.first?.text == "Far")
    }

    @Test(.timeLimit(.minutes(10)))
    func aFileOverTheSizeLimitIsSkippedBeforeItIsRead() throws {
        let tree = try Self.tree()
        let handle = try #require({ () -> FileHandle? in
            try? Self.write([], to: "huge/SKILL.md", in: tree)
            return FileHandle(forWritingAtPath: tree.root.appendingPathComponent("huge/SKILL.md").path)
        }())
        try handle.truncate(atOffset: UInt64(InputLimits.maximumFileBytes + 1))  // sparse: no megabytes written
        try handle.close()
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        let problem = try #require(graph.diagnostics.first { $0.code == "file-too-large" })
        #expect(problem.location.file == "huge/SKILL.md")
        #expect(graph.document(at: "huge/SKILL.md") == nil)
    }

    @Test func aFileWithALineOverTheLimitIsSkippedAtThatLine() throws {
        let limit = InputLimits.maximumLineBytes
        let row = String(repeating: "| a ", count: limit / 4 + 1) + "|"
        let tree = try Self.tree([
            "wide/SKILL.md": "---\nname: wide\ndescription: W.\n---\n# Wide\n\n\(row)\n",
            // At the limit, with CRLF endings: read.
            "edge/SKILL.md": "# Edge\r\n\r\n" + String(repeating: "a", count: limit) + "\r\n",
        ])
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        let problem = try #require(graph.diagnostics.first { $0.code == "line-too-long" })
        #expect(problem.location == SourceLocation(file: "wide/SKILL.md", line: 7))
        #expect(problem.message.contains("\(row.utf8.count) bytes"))
        #expect(graph.document(at: "wide/SKILL.md") == nil)
        #expect(graph.document(at: "edge/SKILL.md") != nil)
        #expect(graph.diagnostics.filter { $0.code == "line-too-long" }.count == 1)
    }

    /// `![[]()` over short lines, one paragraph of 1 MB: cmark-gfm would take many minutes (2 s
    /// for 120 KB, 21 s for 240 KB); refused by the scan before parsing, at the line where the
    /// count passes the limit.
    @Test(.timeLimit(.minutes(1))) func aParagraphWithMoreBracketsThanTheLimitIsSkippedAtThatLine() throws {
        let line = String(repeating: "![[]()", count: 40)  // 80 `[`
        let body = Array(repeating: line, count: 1_000_000 / line.utf8.count).joined(separator: "\n")
        let tree = try Self.tree(["crowded/SKILL.md": "---\nname: crowded\ndescription: C.\n---\n# Crowded\n\n\(body)\n"])
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        let problem = try #require(graph.diagnostics.first { $0.code == "too-many-brackets" })
        // The body starts at line 7; the line holding opener number limit + 1 passes the budget.
        #expect(problem.location == SourceLocation(file: "crowded/SKILL.md", line: 7 + InputLimits.maximumBracketsPerParagraph / 80))
        #expect(graph.document(at: "crowded/SKILL.md") == nil)
        #expect(graph.diagnostics.filter { $0.code == "too-many-brackets" }.count == 1)
        // Empty bullet items do not interrupt a paragraph, so they do not split the count.
        let dashed = Array(repeating: line, count: 100).joined(separator: "\n- \n")
        let trickTree = try Self.tree(["crowded/SKILL.md": "# Crowded\n\n\(dashed)\n"])
        let trick = try CollectionLoader.load(root: trickTree.path)
        #expect(trick.diagnostics.contains { $0.code == "too-many-brackets" })
    }

    /// A table of 4,900-cell rows, each within the line limit: cmark-gfm would take 48 ms a row
    /// (19 s for 4 MiB); refused by the scan before parsing, at the first row over the limit,
    /// while the same table with rows at the limit is read.
    @Test(.timeLimit(.minutes(1))) func aTableRowWithMoreCellsThanTheLimitIsSkippedAtThatLine() throws {
        let wide = "|" + String(repeating: "x|", count: 4_900)
        let body = "| a | b |\n|---|---|\n" + Array(repeating: wide, count: 200).joined(separator: "\n")
        let limit = InputLimits.maximumTableCellsPerLine
        let fitting = "| a | b |\n|---|---|\n" + Array(repeating: "|" + String(repeating: "x|", count: limit - 1), count: 200).joined(separator: "\n")
        let tree = try Self.tree([
            "wide/SKILL.md": "---\nname: wide\ndescription: W.\n---\n# Wide\n\n\(body)\n",
            "fitting/SKILL.md": "# Fitting\n\n\(fitting)\n",
        ])
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        let problem = try #require(graph.diagnostics.first { $0.code == "too-many-table-cells" })
        // The body starts at line 7; its first wide row is line 9.
        #expect(problem.location == SourceLocation(file: "wide/SKILL.md", line: 9))
        #expect(problem.severity == .error)
        #expect(graph.document(at: "wide/SKILL.md") == nil)
        #expect(graph.diagnostics.filter { $0.code == "too-many-table-cells" }.count == 1)
        #expect(graph.document(at: "fitting/SKILL.md") != nil)
    }

    /// Many links are fine when blank lines (spaces and tabs count as blank) split them into
    /// paragraphs, and one paragraph may hold exactly the limit.
    @Test func manyLinksInParagraphsAndOneParagraphAtTheLimitAreRead() throws {
        let limit = InputLimits.maximumBracketsPerParagraph
        let paragraph = (1...50).map { "See [part \($0)](#part-\($0))." }.joined(separator: "\n")
        let linked = Array(repeating: paragraph, count: 200).joined(separator: "\n \t\n")
        let edge = String(repeating: "[", count: limit - 1) + "\r\n[ text"
        // A tight bullet list: each item is a paragraph of its own.
        let list = (1...2_000).map { "- [item \($0)](#item-\($0))" }.joined(separator: "\n")
        let tree = try Self.tree([
            "list/SKILL.md": "# List\n\n\(list)\n",
            "linked/SKILL.md": "---\nname: linked\ndescription: L.\n---\n# Linked\n\n\(linked)\n",
            "edge/SKILL.md": "# Edge\r\n\r\n\(edge)\r\n",
        ])
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        #expect(!graph.diagnostics.contains { $0.code == "too-many-brackets" })
        #expect(graph.document(at: "linked/SKILL.md")?.markdown.links.count == 10_000)
        #expect(graph.document(at: "edge/SKILL.md") != nil)
        #expect(graph.document(at: "list/SKILL.md")?.markdown.links.count == 2_000)
    }

    @Test func unreadableFilesAreReportedWhenTheSystemDeniesThem() throws {
        let tree = try Self.tree(["locked/SKILL.md": HostileMarkdownTests.good])
        let path = tree.root.appendingPathComponent("locked/SKILL.md").path
        #expect(chmod(path, 0) == 0)
        defer { chmod(path, 0o644) }
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        // Root reads any file whatever its mode, so the file loads then; anyone else gets the diagnostic.
        if access(path, R_OK) == 0 {
            #expect(graph.document(at: "locked/SKILL.md") != nil)
        } else {
            #expect(graph.diagnostics.contains { $0.code == "unreadable-file" && $0.location.file == "locked/SKILL.md" })
        }
    }

    @Test func symlinkLoopsAndLinksOutOfTheRootAreNotFollowed() throws {
        let outside = try FixtureTree(["secret/SKILL.md": "---\nname: secret\ndescription: S.\n---\n# Secret\n"])
        let tree = try Self.tree()
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: tree.root.appendingPathComponent("loop").path, withDestinationPath: tree.path)
        try manager.createSymbolicLink(atPath: tree.root.appendingPathComponent("self.md").path,
                                       withDestinationPath: tree.root.appendingPathComponent("self.md").path)
        try manager.createSymbolicLink(atPath: tree.root.appendingPathComponent("out").path, withDestinationPath: outside.path)
        try manager.createSymbolicLink(atPath: tree.root.appendingPathComponent("out.md").path,
                                       withDestinationPath: outside.root.appendingPathComponent("secret/SKILL.md").path)
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        #expect(graph.documents.map(\.path) == ["good/SKILL.md"])
    }

    @Test func anEmptyMarkerInsideASkillDoesNotHideIt() throws {
        let tree = try Self.tree(["hidden/SKILL.md": "---\nname: hidden\ndescription: H.\n---\n# Hidden\n\n[broken](nowhere.md)\n",
                                  "hidden/.skillbook-site": "", "hidden/index.html": "<p>a site?</p>"])
        let graph = try CollectionLoader.load(root: tree.path)
        #expect(graph.skills.map(\.name).sorted() == ["good", "hidden"])
        let report = CheckRunner.run(graph: graph, config: CollectionConfig())
        #expect(report.contains { $0.code == "broken-link" && $0.location.file == "hidden/SKILL.md" })
    }

    @Test func aRealBuiltSiteInsideTheCollectionIsSkippedWithANote() throws {
        let tree = try Self.tree(["_site/index.html": "<p>home</p>", "_site/.skillbook-site": CollectionLoader.siteMarkerText,
                                  "_site/good/SKILL.md": HostileMarkdownTests.good])
        let graph = try CollectionLoader.load(root: tree.path)
        #expect(graph.documents.map(\.path) == ["good/SKILL.md"])
        #expect(graph.diagnostics.map(\.code) == ["site-folder-skipped"])
    }

    @Test func normalisationAndCaseTwinsAreErrorsNamingBoth() throws {
        // Two writes: Swift takes the two names for one dictionary key.
        let tree = try Self.tree(["caf\u{E9}/SKILL.md": "---\nname: cafe-one\ndescription: One.\n---\n# One\n"])
        try Self.write(Array("---\nname: cafe-two\ndescription: Two.\n---\n# Two\n".utf8), to: "cafe\u{301}/SKILL.md", in: tree)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path).count == 3)
        try tree.write("Case/SKILL.md", "---\nname: case-one\ndescription: One.\n---\n# One\n")
        try tree.write("case/SKILL.md", "---\nname: case-two\ndescription: Two.\n---\n# Two\n")
        let graph = try CollectionLoader.load(root: tree.path)
        HostileMarkdownTests.expectGoodSkillIntact(graph)
        let twins = graph.diagnostics.filter { $0.code == "path-twins" }
        #expect(twins.count == 2)
        #expect(twins.allSatisfy { $0.severity == .error && $0.notes.count == 1 })
        #expect(twins.contains { $0.message.contains("caf\\u{E9}/SKILL.md") && $0.message.contains("cafe\\u{301}/SKILL.md") })
        #expect(twins.contains { $0.message.contains("`case/SKILL.md`") && $0.message.contains("`Case/SKILL.md`") })
        // One of the normalisation twins is read, never a mixture of the two.
        #expect(graph.skills.filter { $0.name.hasPrefix("cafe") }.count == 1)
    }

    @Test(arguments: ["javascript:alert(1)//", "data:text/html,x", "ftp://example.com/", "https://", "//example.com",
                      "https://example.com/\"onmouseover=alert(1)", "https://exa mple.com/"])
    func aBaseURLThatIsNotAWebAddressIsAConfigurationError(url: String) throws {
        let tree = try Self.tree(["skillbook.yml": "base_url: '\(url.replacingOccurrences(of: "'", with: "''"))'\n"])
        let (config, problems) = CollectionConfig.load(root: tree.path)
        #expect(config.baseURL == nil)
        #expect(problems.contains { $0.code == "invalid-config" && $0.severity == .error && $0.message.contains("base_url") })
    }

    @Test func aWebBaseURLIsKept() throws {
        let tree = try Self.tree(["skillbook.yml": "base_url: https://example.com/skills/\n"])
        #expect(CollectionConfig.load(root: tree.path).0.baseURL == "https://example.com/skills/")
    }

    @Test func controlCharactersInNamesAndTargetsAreEscapedInEveryReport() throws {
        let folder = "x\n::error file=forged.md::FORGED\u{1B}[31m\u{202E}"
        let tree = try Self.tree()
        try tree.write("\(folder)/SKILL.md", "---\nname: x\ndescription: D.\n---\n# X\n\n[l](nope\u{1B}[2J.md)\n")
        let graph = try CollectionLoader.load(root: tree.path)
        let diagnostics = CheckRunner.run(graph: graph).filter { $0.location.file.hasPrefix("x") }
        #expect(diagnostics.count >= 2)
        let summary = CheckSummary(diagnostics, graph: graph)
        let outputs = [
            TextReport().render(diagnostics, summary: summary),
            GitHubReport().render(diagnostics),
            try JSONReport().render(diagnostics, summary: summary),
            try SARIFReport(toolVersion: "0").render(diagnostics),
        ]
        for output in outputs {
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
            // No line of any report starts a workflow command except the ones GitHubReport writes.
            let lines = output.split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("::error file=forged") })
        }
        #expect(GitHubReport().render(diagnostics).split(separator: "\n").count == diagnostics.count)
        #expect(outputs[0].contains("x\\n::error file=forged.md::FORGED\\u{1B}[31m\\u{202E}/SKILL.md"))
    }
}
