import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct RelatedSkillsCheckTests {
    @Test func itemsNamingSkillsInEveryFormAreFine() throws {
        let fixture = try CheckFixture([
            "alpha/SKILL.md": skill("alpha", """
                ### RELATED SKILLS:

                - `beta` for the second step
                - **beta** -- again
                - @beta
                - [Beta](../beta/SKILL.md)
                - beta: plain text
                - **be*** -- any skill starting with `be`
                - swiftui-expert-skill
                - User mentions or implies: anything at all
                - [Apple docs](https://developer.apple.com)
                """),
            "beta/SKILL.md": skill("beta"),
        ])
        var config = CollectionConfig()
        config.externalSkills = ["swiftui-expert-skill"]
        #expect(fixture.found(["unknown-skill"], config: config).isEmpty)
        #expect(fixture.found(["unknown-skill"]) == ["alpha/SKILL.md:15:1 unknown-skill"])
    }

    @Test func unknownNameIsReportedWithTheNearestSkills() throws {
        let fixture = try CheckFixture([
            "alpha/SKILL.md": skill("alpha", "## Related Skills\n\n- `hig-fundations`\n- **zzz-nothing-like-it**\n- `writer`\n- **x*** -- pattern\n"),
            "hig-foundations/SKILL.md": skill("hig-foundations"),
            "office/writer/SKILL.md": "---\nname: office-writer\ndescription: Writes.\n---\n",
        ])
        let found = fixture.diagnostics("unknown-skill")
        #expect(found.map(\.message) == [
            "`hig-fundations` is not a skill of this collection",
            "`zzz-nothing-like-it` is not a skill of this collection",
            "`writer` is not a skill of this collection",
            "no skill of this collection matches `x*`",
        ])
        #expect(found[0].suggestion == "did you mean `hig-foundations`?")
        #expect(found[1].suggestion == "if it lives in another collection, add it to `external_skills` in skillbook.yml")
        #expect(found[2].suggestion == "did you mean `office-writer`?")
        #expect(found.allSatisfy { $0.severity == .error })
    }

    @Test func itemsOutsideARelatedSkillsSectionAreNotNames() throws {
        let fixture = try CheckFixture([
            "alpha/SKILL.md": skill("alpha", "## Related skills\n\n- `beta`\n\n## Steps\n\n- `gamma-step`\n"),
            "beta/SKILL.md": skill("beta"),
        ])
        #expect(fixture.diagnostics("unknown-skill").isEmpty)
    }
}
