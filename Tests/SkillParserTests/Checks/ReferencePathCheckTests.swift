import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct ReferencePathCheckTests {
    @Test func pathsThatExistFromTheDocumentOrTheSkillRootAreFine() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "Read `references/one.md`, `./notes.md` and `SKILL.md`.\n"),
            "a/notes.md": "# Notes\n",
            "a/references/one.md": "Then `references/two.md` (from the root) and `two.md`, `../SKILL.md`.\n",
            "a/references/two.md": "# Two\n",
        ])
        #expect(fixture.diagnostics("missing-reference").isEmpty)
    }

    @Test func missingPathInTheSkillIsReportedWithTheNearestFile() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "Read `references/patern.md` and `./gone.md`.\n"),
            "a/references/pattern.md": "# Pattern\n",
        ])
        let found = fixture.diagnostics("missing-reference")
        #expect(found.map(\.message) == ["`references/patern.md` does not exist", "`./gone.md` does not exist"])
        #expect(found[0].suggestion == "did you mean `references/pattern.md`?")
        #expect(found[0].notes.first?.message == "looked for `references/patern.md`, relative to this file")
    }

    @Test func projectPathsPlaceholdersAndPathsOutsideTheRootAreNotChecked() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", """
                Write `.claude/context.md`, `docs/ARCHITECTURE.md`, `~/notes.md`, `/etc/x.md`, `<name>/SKILL.md`,
                `references/foo.md`, `../../../outside.md`, `src/**/README.md` and `a file.md`.
                """),
        ])
        #expect(fixture.diagnostics("missing-reference").isEmpty)
    }

    @Test func aLooseDocumentNamingSKILLmdMeansSkillFilesInGeneral() throws {
        let fixture = try CheckFixture(["README.md": "Each skill has a `SKILL.md`; see `./guide.md`.\n", "a/SKILL.md": skill("a")])
        #expect(fixture.found(["missing-reference"]) == ["README.md:1:35 missing-reference"])
    }

    @Test func aFolderThatExistsBesideTheDocumentMakesThePathTheSkills() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "See `guides/missing.md`.\n"),
            "a/guides/present.md": "# Present\n",
        ])
        #expect(fixture.found(["missing-reference"]) == ["a/SKILL.md:7:6 missing-reference"])
    }
}
