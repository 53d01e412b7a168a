import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct DuplicateRuleCheckTests {
    static let rule = "- Always write alt text for every image in the app.\n"

    private var duplicateRules: CollectionConfig {
        var config = CollectionConfig()
        config.duplicateRules = true
        return config
    }

    @Test func offUnlessTheConfigurationTurnsItOn() throws {
        let fixture = try CheckFixture(["a/SKILL.md": skill("a", Self.rule), "b/SKILL.md": skill("b", Self.rule)])
        #expect(fixture.diagnostics("duplicate-rule").isEmpty)
        #expect(fixture.found(["duplicate-rule"], config: duplicateRules) == ["b/SKILL.md:7:1 duplicate-rule"])
    }

    @Test func warnsAtEachLaterStatementWithANoteAtTheFirst() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", Self.rule),
            "b/SKILL.md": skill("b", "Intro.\n\n- Always write alt text for every image in your app.\n"),
            "c/references/images.md": "# Images\n\n" + Self.rule,
            "c/SKILL.md": skill("c", "See [images](references/images.md).\n"),
        ])
        let found = fixture.diagnostics("duplicate-rule", config: duplicateRules)
        #expect(found.map(\.location) == [SourceLocation(file: "b/SKILL.md", line: 9), SourceLocation(file: "c/references/images.md", line: 3)])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found.allSatisfy { $0.notes == [DiagnosticNote("first stated here", at: SourceLocation(file: "a/SKILL.md", line: 7))] })
        #expect(found.map(\.message) == ["rule close to one already stated in skill `a`", "rule already stated in skill `a`"])
        #expect(found.first?.suggestion?.contains("3 statements in 3 skills") == true)
    }

    @Test func repeatsWithinOneSkillAndBoilerplateAreNotReported() throws {
        var files = ["a/SKILL.md": skill("a", Self.rule + "\n## Again\n\n" + Self.rule)]
        for index in 0..<12 {
            files["s\(index)/SKILL.md"] = skill("s\(index)", "## Limitations\n\n- Use this skill only when the task clearly matches its scope.\n")
        }
        let fixture = try CheckFixture(files)
        #expect(fixture.diagnostics("duplicate-rule", config: duplicateRules).isEmpty)
    }

    @Test func severityAndSuppressionApplyAsForEveryCheck() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", Self.rule),
            "b/SKILL.md": skill("b", "<!-- skillbook-disable-next-line duplicate-rule -->\n" + Self.rule),
            "c/SKILL.md": skill("c", Self.rule),
        ])
        var config = duplicateRules
        #expect(fixture.found(["duplicate-rule"], config: config) == ["c/SKILL.md:7:1 duplicate-rule"])
        config.severity["duplicate-rule"] = .error
        #expect(fixture.diagnostics("duplicate-rule", config: config).map(\.severity) == [.error])
        #expect(Checks.info(for: "duplicate-rule")?.severity == .warning)
    }
}
