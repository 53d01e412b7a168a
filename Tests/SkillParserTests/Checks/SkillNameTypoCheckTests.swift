import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct SkillNameTypoCheckTests {
    static let names = ["hig-foundations", "incident-responder-playbook", "react-19", "ui-pattern", "pytest-skill"]

    func fixture(_ body: String) throws -> CheckFixture {
        var files = Dictionary(uniqueKeysWithValues: Self.names.map { ("\($0)/SKILL.md", skill($0)) })
        files["doc/SKILL.md"] = skill("doc", body)
        return try CheckFixture(files)
    }

    @Test func slipsOfOneEditOrASwapAreReported() throws {
        let fixture = try fixture("Use `hig-foundation`, `hig-fonudations` and `incident-rsepondr-playbook`.\n")
        let found = fixture.diagnostics("misspelled-skill")
        #expect(found.map(\.suggestion) == [
            "did you mean `hig-foundations`?", "did you mean `hig-foundations`?", "did you mean `incident-responder-playbook`?",
        ])
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    @Test func exactNamesAndOtherThingsThatLookAlikeStayQuiet() throws {
        let fixture = try fixture("""
            `hig-foundations` `react-18` `ux-pattern` `mstest-skill` `higfoundations` `hig-foundations-extra`
            `Hig-Foundations` `hig` `some-other-thing` `\(String(repeating: "hig-foundations-", count: 500) + "x")`

            ## Related skills

            - `hig-foundation`
            """)
        #expect(fixture.diagnostics("misspelled-skill").isEmpty)
        #expect(fixture.diagnostics("unknown-skill").count == 1)
    }
}
