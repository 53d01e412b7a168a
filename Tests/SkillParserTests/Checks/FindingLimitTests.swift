import Testing
@testable import SkillChecks
@testable import SkillParser

/// After `findingLimit` findings of one code in one file, the rest become one note.
@Suite struct FindingLimitTests {
    static func empty(_ file: String, _ line: Int) -> Diagnostic {
        Diagnostic(.warning, code: "empty-link", "link has an empty destination", at: SourceLocation(file: file, line: line))
    }

    static func broken(_ file: String, _ line: Int) -> Diagnostic {
        Diagnostic(.error, code: "broken-link", "link target `x.md` does not exist", at: SourceLocation(file: file, line: line))
    }

    static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location.file):\($0.location.line) \($0.code) \($0.message)" }
    }

    @Test func theFirstFindingsOfEachCodeInEachFileAreKeptAndTheRestCounted() throws {
        let fixture = try CheckFixture(["a/SKILL.md": skill("a")])
        // Shuffled, with one duplicate: the limit applies to the sorted, deduplicated findings.
        let found = (1...5).map { Self.empty("a.md", $0) } + [Self.broken("a.md", 2), Self.broken("a.md", 9)]
            + (1...4).map { Self.empty("b.md", $0) } + [Self.empty("a.md", 3)]
        let limited = CheckRunner.configured(found.reversed(), graph: fixture.graph, config: CollectionConfig(), findingLimit: 3)
        #expect(Self.lines(limited) == [
            "a.md:1 empty-link link has an empty destination",
            "a.md:2 broken-link link target `x.md` does not exist",
            "a.md:2 empty-link link has an empty destination",
            "a.md:3 empty-link link has an empty destination",
            "a.md:4 finding-limit 2 more `empty-link` warnings in this file are not reported, after the first 3",
            "a.md:9 broken-link link target `x.md` does not exist",
            "b.md:1 empty-link link has an empty destination",
            "b.md:2 empty-link link has an empty destination",
            "b.md:3 empty-link link has an empty destination",
            "b.md:4 finding-limit 1 more `empty-link` warning in this file is not reported, after the first 3",
        ])
        #expect(limited.filter { $0.code == "finding-limit" }.allSatisfy {
            $0.severity == .note && $0.suggestion?.contains("--finding-limit 0") == true
        })
        // Without a limit, every finding, each once.
        let all = CheckRunner.configured(found, graph: fixture.graph, config: CollectionConfig(), findingLimit: nil)
        #expect(all.count == 11)
        #expect(all == all.sorted())
    }

    @Test func deduplicatingAfterSortingKeepsTheFirstOfEqualFindings() throws {
        let fixture = try CheckFixture(["a/SKILL.md": skill("a")])
        var withNote = Self.broken("a.md", 2)
        withNote.notes = [DiagnosticNote("first stated here")]
        let found = [withNote, Self.broken("a.md", 2), withNote, Self.broken("a.md", 1), Self.broken("a.md", 2)]
        let result = CheckRunner.configured(found, graph: fixture.graph, config: CollectionConfig())
        #expect(result == [Self.broken("a.md", 1), withNote, Self.broken("a.md", 2)])
    }

    @Test func theCheckRunnerAppliesTheDefaultLimit() throws {
        let images = String(repeating: "- ![]()\n", count: CheckOptions.defaultFindingLimit + 7)
        let fixture = try CheckFixture(["a/SKILL.md": skill("a", images)])
        let empty = fixture.diagnostics("empty-link")
        #expect(empty.count == CheckOptions.defaultFindingLimit)
        let note = try #require(fixture.diagnostics("finding-limit").first)
        #expect(note.message == "7 more `empty-link` warnings in this file are not reported, after the first \(CheckOptions.defaultFindingLimit)")
        #expect(note.location.line == empty.last!.location.line + 1)
        let unlimited = CheckRunner.run(graph: fixture.graph, options: CheckOptions(findingLimit: nil))
        #expect(unlimited.filter { $0.code == "empty-link" }.count == CheckOptions.defaultFindingLimit + 7)
        #expect(Checks.info(for: "finding-limit")?.severity == .note)
        // `severity:` in skillbook.yml applies to the note like to any finding.
        var config = CollectionConfig()
        config.severity = ["finding-limit": .off]
        #expect(!fixture.all(config: config).contains { $0.code == "finding-limit" })
        config.severity = ["finding-limit": .warning]
        #expect(fixture.all(config: config).filter { $0.code == "finding-limit" }.map(\.severity) == [.warning])
    }
}
