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

    @Test func aRelatedSkillsListIsKnownByItsShapeInAnyLanguage() throws {
        let fixture = try CheckFixture([
            "alpha/SKILL.md": skill("alpha", """
                ## 相关技能

                - `beta` - 第二步
                - `gamma` - 第三步
                - `betta` - 拼错了

                ## Commands

                - `beta`
                - `npm install`
                - `swift build`
                """),
            "beta/SKILL.md": skill("beta"),
            "gamma/SKILL.md": skill("gamma"),
        ])
        #expect(fixture.found(["unknown-skill"]) == ["alpha/SKILL.md:11:1 unknown-skill"])
        #expect(fixture.diagnostics("unknown-skill").first?.suggestion == "did you mean `beta`?")
        #expect(fixture.graph.edges.filter { $0.kind == .related }.map(\.to) == ["beta", "gamma"])
    }

    @Test func skillbookYmlNamesMoreHeadings() throws {
        let files = [
            "alpha/SKILL.md": skill("alpha", "## Voir aussi :\n\n- `beta`\n- `nope`\n- `nada`\n"),
            "beta/SKILL.md": skill("beta"),
        ]
        // One known name of three is no related-skills list by shape.
        #expect(try CheckFixture(files).found(["unknown-skill"]).isEmpty)
        var config = CollectionConfig()
        config.relatedHeadings = ["Voir aussi"]
        let configured = try CheckFixture(files, config: config)
        #expect(configured.found(["unknown-skill"], config: config) == ["alpha/SKILL.md:10:1 unknown-skill", "alpha/SKILL.md:11:1 unknown-skill"])
    }

    /// By shape: at least half of a list's items open with a skill's name, and two at the least
    /// (one for a list of one item); items that name nothing count in the half.
    @Test func aListByShapeNeedsHalfItsItemsAndTwoOfThemNamingSkills() throws {
        func related(_ list: String) throws -> [String] {
            let fixture = try CheckFixture([
                "alpha/SKILL.md": skill("alpha", "## Siehe auch\n\n" + list + "\n"),
                "beta/SKILL.md": skill("beta"), "gamma/SKILL.md": skill("gamma"), "delta/SKILL.md": skill("delta"),
            ])
            return fixture.graph.edges.filter { $0.kind == .related }.map(\.to)
        }
        #expect(try related("- `beta`") == ["beta"])
        #expect(try related("- `beta`\n- `nope`") == [])
        #expect(try related("- `beta`\n- `gamma`\n- `nope`\n- `nada`") == ["beta", "gamma"])
        #expect(try related("- `nope`\n- `nada`\n- `beta`\n- `gamma`") == ["beta", "gamma"])
        #expect(try related("- `beta`\n- `gamma`\n- `nope`\n- `nada`\n- `niente`") == [])
        #expect(try related("- `beta`\n- `gamma`\n- plain text\n- more text\n- `delta`") == ["beta", "gamma", "delta"])
        #expect(try related("- `beta`\n- `gamma`\n- plain text\n- more text\n- even more") == [])
    }
}
