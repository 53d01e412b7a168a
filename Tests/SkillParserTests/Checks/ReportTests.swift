import Foundation
import TestSupport
import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct ReportTests {
    static let diagnostics = [
        Diagnostic(.error, code: "broken-link", "link target `x.md` does not exist", at: SourceLocation(file: "a b/SKILL.md", line: 7, column: 3),
                   suggestion: "did you mean `y.md`?"),
        Diagnostic(.warning, code: "duplicate-skill-name", "skill name `t` is also used by `u/SKILL.md`",
                   at: SourceLocation(file: "t/SKILL.md", line: 2),
                   notes: [DiagnosticNote("also named `t` here", at: SourceLocation(file: "u/SKILL.md", line: 2)),
                           DiagnosticNote("50% sure, a: b, c")]),
    ]

    func summary() throws -> CheckSummary {
        let tree = try FixtureTreeGraph()
        return CheckSummary(Self.diagnostics, graph: tree.graph)
    }

    @Test func summaryCountsAndDecidesTheExit() throws {
        let summary = try summary()
        #expect(summary.line == "checked 1 file in 1 skill: 1 error, 1 warning")
        #expect(summary.fails(strict: false))
        var clean = summary
        clean.errors = 0
        #expect(!clean.fails(strict: false) && clean.fails(strict: true))
        clean.warnings = 0
        #expect(clean.line == "checked 1 file in 1 skill: no problems found")
    }

    @Test func textIsCompilerStyleWithTheSummaryLast() throws {
        let text = TextReport(displayPath: { "root/" + $0 }).render(Self.diagnostics, summary: try summary())
        #expect(text == """
            root/a b/SKILL.md:7:3: error: link target `x.md` does not exist [broken-link]
              suggestion: did you mean `y.md`?
            root/t/SKILL.md:2:1: warning: skill name `t` is also used by `u/SKILL.md` [duplicate-skill-name]
            root/u/SKILL.md:2:1: note: also named `t` here
            root/t/SKILL.md:2:1: note: 50% sure, a: b, c
            checked 1 file in 1 skill: 1 error, 1 warning

            """)
    }

    /// Many findings are formatted a run at a time on all cores, and come out in their order.
    @Test func manyFindingsComeOutInTheirOrder() {
        let many = (0..<1_000).map { number in
            Diagnostic(.warning, code: "broken-link", "link \(number) is broken",
                       at: SourceLocation(file: "s\(number % 7)/SKILL.md", line: number + 1),
                       notes: number % 3 == 0 ? [DiagnosticNote("seen here")] : [])
        }
        let text = DiagnosticText(displayPath: { "root/" + $0 })
        let formatted = text.format(many)
        #expect(formatted == many.map { text.format($0) }.joined())
        let lines = formatted.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(lines.count == 1_000)
        #expect(lines.first?.hasPrefix("root/s0/SKILL.md:1:1:") == true && lines.last?.contains("link 999 is broken") == true)
    }

    @Test func jsonHasSchemaVersionSummaryAndEveryField() throws {
        let text = try JSONReport(displayPath: { "root/" + $0 }).render(Self.diagnostics, summary: try summary())
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        #expect((json["summary"] as? [String: Int])?["errors"] == 1)
        let entries = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries[0]["file"] as? String == "root/a b/SKILL.md")
        #expect(entries[0]["suggestion"] as? String == "did you mean `y.md`?")
        #expect(entries[1]["suggestion"] is NSNull)
        let notes = try #require(entries[1]["notes"] as? [[String: Any]])
        #expect(notes[0]["file"] as? String == "root/u/SKILL.md")
        #expect(notes[1]["file"] is NSNull)
        #expect(Set(entries[0].keys) == ["severity", "code", "message", "file", "line", "column", "suggestion", "notes"])
    }

    @Test func sarifHasARulePerCodeAndResultsWithLocations() throws {
        let text = try SARIFReport(toolVersion: "9.9").render(Self.diagnostics)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["version"] as? String == "2.1.0")
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == Checks.codes.map(\.code))
        let results = try #require(run["results"] as? [[String: Any]])
        let first = results[0]
        #expect(first["ruleId"] as? String == "broken-link")
        #expect(rules[first["ruleIndex"] as! Int]["id"] as? String == "broken-link")
        let location = try #require((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: String])?["uri"] == "a%20b/SKILL.md")
        #expect((location["region"] as? [String: Int]) == ["startLine": 7, "startColumn": 3])
        #expect((results[1]["relatedLocations"] as? [[String: Any]])?.count == 1)
        #expect(((results[1]["message"] as? [String: String])?["text"])?.contains("note: 50% sure") == true)
    }

    @Test func githubAnnotationsEscapeDataAndProperties() {
        let text = GitHubReport(displayPath: { $0 }).render(Self.diagnostics)
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "::error file=a b/SKILL.md,line=7,col=3,title=broken-link::link target `x.md` does not exist%0Asuggestion: did you mean `y.md`?")
        #expect(lines[1].hasPrefix("::warning file=t/SKILL.md,line=2,col=1,title=duplicate-skill-name::"))
        #expect(lines[1].contains("%0Anote: 50%25 sure, a: b, c"))
        #expect(GitHubReport.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
    }
}

/// A one-skill graph for the summary's counts.
struct FixtureTreeGraph {
    let graph: SkillGraph

    init() throws {
        let tree = try FixtureTree(["a/SKILL.md": skill("a")])
        graph = try CollectionLoader.load(root: tree.path)
    }
}
