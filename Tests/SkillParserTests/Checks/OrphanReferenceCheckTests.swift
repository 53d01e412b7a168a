import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct OrphanReferenceCheckTests {
    @Test func referencesLinkedOrNamedAnywhereAreNotOrphans() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", """
                [linked](references/linked.md), `references/spanned.md`, and read nested.md when stuck.

                ```sh
                cat references/in-code.md
                ```
                """),
            "a/references/linked.md": "See also chained.md.\n",
            "a/references/chained.md": "# Chained\n",
            "a/references/spanned.md": "# Spanned\n",
            "a/references/deep/nested.md": "# Nested\n",
            "a/references/in-code.md": "# In code\n",
            "a/notes.md": "Not under references, never an orphan.\n",
        ])
        #expect(fixture.diagnostics("orphan-reference").isEmpty)
    }

    @Test func unnamedReferenceIsAnOrphanEvenWhenItNamesItself() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "Read rest-api.md.\n"),
            "a/references/rest-api.md": "# REST API\n",
            "a/references/api.md": "This is api.md, linked [from itself](api.md).\n",
            "b/SKILL.md": skill("b", "Mentions api.md in another skill.\n"),
        ])
        let found = fixture.diagnostics("orphan-reference")
        #expect(found.map(\.location) == [SourceLocation(file: "a/references/api.md", line: 1)])
        #expect(found.first?.message == "`references/api.md` is not linked to or named by any other file")
        #expect(found.first?.severity == .warning)
    }
}
