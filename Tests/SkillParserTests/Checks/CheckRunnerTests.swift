import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct CheckRunnerTests {
    static let files = [
        "a/SKILL.md": skill("a", """
            [one](gone.md)
            <!-- skillbook-disable-next-line broken-link -->
            [two](gone.md)
            <!-- skillbook-disable-next-line broken-anchor, empty-link -->
            [three](gone.md) [four](#nowhere) []()
            <!-- skillbook-disable-next-line -->
            [five](gone.md) [six](#nowhere)
            """),
        "drafts/x/SKILL.md": skill("x", "[seven](gone.md)\n"),
        "b/SKILL.md": "---\nname: b\ndescription: D.\n",
    ]

    @Test func loadProblemsAreIncludedAndEverythingIsSorted() throws {
        let fixture = try CheckFixture(Self.files)
        let all = fixture.all()
        #expect(all == all.sorted())
        #expect(all.contains { $0.code == "unterminated-frontmatter" && $0.location.file == "b/SKILL.md" })
        #expect(fixture.found(["broken-link"]) == ["a/SKILL.md:7:1 broken-link", "a/SKILL.md:11:1 broken-link", "drafts/x/SKILL.md:7:1 broken-link"])
        #expect(fixture.found(["broken-anchor", "empty-link"]).isEmpty)
    }

    @Test func suppressionSilencesOnlyTheNamedCodesOnTheNextLine() throws {
        let fixture = try CheckFixture(Self.files)
        let lines = fixture.all().filter { $0.location.file == "a/SKILL.md" }.map { "\($0.location.line) \($0.code)" }
        #expect(lines == ["7 broken-link", "11 broken-link"])
    }

    @Test func ignoreGlobsAndSeverityOverridesApply() throws {
        let fixture = try CheckFixture(Self.files)
        var config = CollectionConfig()
        config.ignore = ["drafts/**"]
        config.severity = ["broken-link": .warning, "unterminated-frontmatter": .off]
        let all = fixture.all(config: config)
        #expect(!all.contains { $0.location.file.hasPrefix("drafts/") })
        #expect(!all.contains { $0.code == "unterminated-frontmatter" })
        #expect(all.filter { $0.code == "broken-link" }.map(\.severity) == [.warning, .warning])
    }

    @Test func strictSpecMakesAnUnclosedSkillFrontmatterAnError() throws {
        let fixture = try CheckFixture(Self.files.merging(["b/references/r.md": "---\ntitle: R\n\n# R\n[b](../SKILL.md)\n"]) { $1 })
        let severities = fixture.all(spec: .strict).filter { $0.code == "unterminated-frontmatter" }
            .map { "\($0.location.file) \($0.severity)" }
        #expect(severities == ["b/SKILL.md error", "b/references/r.md warning"])
    }

    @Test func configNamingUnknownCodesIsReported() {
        var config = CollectionConfig()
        config.severity = ["broken-lnk": .off, "orphan-reference": .off]
        let found = CheckRunner.configDiagnostics(config)
        #expect(found.map(\.message) == ["`severity` names `broken-lnk`, which no check reports"])
        #expect(found.first?.suggestion == "did you mean `broken-link`?")
    }

    @Test func everyCodeHasAnExplanationAndCodesAreUnique() {
        let codes = Checks.codes.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(Checks.codes.allSatisfy { !$0.summary.isEmpty && $0.explanation.count > 80 })
        #expect(codes.contains("broken-anchor") && codes.contains("invalid-yaml"))
    }
}
