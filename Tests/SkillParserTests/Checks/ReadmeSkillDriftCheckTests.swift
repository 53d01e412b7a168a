import Testing
@testable import SkillChecks
@testable import SkillParser

@Suite struct ReadmeSkillDriftCheckTests {
    static let skills = [
        "alpha/SKILL.md": skill("alpha"),
        "beta/SKILL.md": skill("beta"),
        "gamma-tools/SKILL.md": skill("gamma-tools"),
    ]

    func found(_ readme: String) throws -> [Diagnostic] {
        try CheckFixture(Self.skills.merging(["README.md": readme]) { $1 }).diagnostics("readme-skill-drift")
    }

    @Test func aCompleteListPasses() throws {
        #expect(try found("# Skills\n\n- [alpha](alpha/) does A\n- `beta`: B\n- **gamma-tools** for G\n").isEmpty)
    }

    @Test func aTableMissingASkillAndNamingAGoneOne() throws {
        let readme = """
            # Skills

            | # | Skill | What |
            |---|---|---|
            | 1 | [alpha](alpha/SKILL.md) | A |
            | 2 | `beta` | B |
            | 3 | [old-skill](old-skill/SKILL.md) | gone |
            """
        let found = try found(readme)
        #expect(found.map(\.message) == [
            "skill `gamma-tools` is missing from the README's list of skills",
            "the README lists `old-skill`, which is not a skill of this collection",
        ])
        // The missing skill is reported where the list starts, the gone one at its row.
        #expect(found.map(\.location.line) == [5, 7])
    }

    @Test func aNearNameIsSuggested() throws {
        let found = try found("- `alpha`\n- `beta`\n- `gamma-tool`\n")
        #expect(found.map(\.message) == [
            "skill `gamma-tools` is missing from the README's list of skills",
            "the README lists `gamma-tool`, which is not a skill of this collection",
        ])
        #expect(found.last?.suggestion == "did you mean `gamma-tools`?")
    }

    @Test func listsThatAreNotListsOfSkillsAreLeftAlone() throws {
        // One skill named among prose items: not a list of skills, so nothing is missing.
        #expect(try found("# About\n\n- Install it\n- Run `alpha` first\n- Read the docs\n\nSee `beta`.\n").isEmpty)
        // No README: nothing to compare.
        #expect(try CheckFixture(Self.skills).diagnostics("readme-skill-drift").isEmpty)
    }

    @Test func proseWordsInAListOfSkillsAreNotTakenForSkills() throws {
        let found = try found("- `alpha`\n- `beta`\n- `gamma-tools`\n- More to come\n")
        #expect(found.isEmpty)
    }
}
