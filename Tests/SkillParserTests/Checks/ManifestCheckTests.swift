import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct ManifestCheckTests {
    static let codes: Set<String> = [
        "missing-frontmatter", "missing-name", "invalid-name", "name-mismatch", "missing-description",
        "description-too-long", "compatibility-too-long", "unknown-field", "duplicate-skill-name",
    ]

    @Test func aManifestByTheSpecificationPasses() throws {
        let fixture = try CheckFixture([
            "pdf-tools/SKILL.md": """
                ---
                name: pdf-tools
                description: >-
                  Use when working with PDF files.
                license: MIT
                compatibility: Needs poppler.
                allowed-tools: Bash Read
                metadata:
                  version: "1.0"
                ---
                # PDF tools
                """,
            "café-2/SKILL.md": skill("café-2"),
        ])
        #expect(fixture.found(Self.codes, spec: .strict).isEmpty)
    }

    @Test func missingFrontmatterIsOneError() throws {
        let fixture = try CheckFixture(["a/SKILL.md": "# A\n\nNo frontmatter.\n", "a/notes.md": "# Not a skill file\n"])
        #expect(fixture.found(Self.codes) == ["a/SKILL.md:1:1 missing-frontmatter"])
    }

    @Test func nameProblemsAreEachReported() throws {
        let fixture = try CheckFixture([
            "no-name/SKILL.md": "---\ndescription: D.\n---\n",
            "empty-name/SKILL.md": "---\nname: \"\"\ndescription: D.\n---\n",
            "Bad--Name-/SKILL.md": "---\nname: Bad--Name-\ndescription: D.\n---\n",
            "folder/SKILL.md": "---\nname: other\ndescription: D.\n---\n",
            "long/SKILL.md": "---\nname: \(String(repeating: "a", count: 65))\ndescription: D.\n---\n",
        ])
        #expect(fixture.found(Self.codes) == [
            "Bad--Name-/SKILL.md:2:1 invalid-name",
            "empty-name/SKILL.md:2:1 missing-name",
            "folder/SKILL.md:2:1 name-mismatch",
            "long/SKILL.md:2:1 invalid-name",
            "long/SKILL.md:2:1 name-mismatch",
            "no-name/SKILL.md:1:1 missing-name",
        ])
        let invalid = fixture.diagnostics("invalid-name")
        #expect(invalid[0].message == "skill name `Bad--Name-` has upper-case letters; starts or ends with a hyphen; has two hyphens in a row")
        #expect(invalid[0].suggestion == "use `bad-name`")
        #expect(invalid[1].message.contains("is 65 characters long, more than 64"))
        #expect(fixture.diagnostics("name-mismatch").first?.suggestion == "rename the folder to `other` or write `name: folder`")
    }

    @Test func descriptionAndCompatibilityLimits() throws {
        let fixture = try CheckFixture([
            "none/SKILL.md": "---\nname: none\n---\n",
            "blank/SKILL.md": "---\nname: blank\ndescription: \"  \"\n---\n",
            "long/SKILL.md": "---\nname: long\ndescription: \(String(repeating: "é", count: 1025))\ncompatibility: \(String(repeating: "x", count: 501))\n---\n",
            "limit/SKILL.md": "---\nname: limit\ndescription: \(String(repeating: "é", count: 1024))\ncompatibility: \(String(repeating: "x", count: 500))\n---\n",
        ])
        #expect(fixture.found(Self.codes) == [
            "blank/SKILL.md:3:1 missing-description",
            "long/SKILL.md:3:1 description-too-long",
            "long/SKILL.md:4:1 compatibility-too-long",
            "none/SKILL.md:1:1 missing-description",
        ])
    }

    @Test func unknownFieldsWarnByDefaultAndFailUnderStrictSpec() throws {
        let fixture = try CheckFixture(["a/SKILL.md": "---\nname: a\ndescription: D.\nversion: 1.0\nallowed_tools: Bash\n---\n"])
        let found = fixture.diagnostics("unknown-field")
        #expect(found.map(\.severity) == [.warning, .warning])
        #expect(found.map(\.suggestion) == ["move it under `metadata:`, or drop it", "did you mean `allowed-tools`?"])
        #expect(fixture.diagnostics("unknown-field", spec: .strict).map(\.severity) == [.error, .error])
    }

    @Test func duplicateNamesReportBothSkillsWithNotes() throws {
        let fixture = try CheckFixture([
            "one/tool/SKILL.md": "---\nname: tool\ndescription: D.\n---\n",
            "two/tool/SKILL.md": "---\nname: tool\ndescription: D.\n---\n",
        ])
        let found = fixture.diagnostics("duplicate-skill-name")
        #expect(found.map(\.location.file) == ["one/tool/SKILL.md", "two/tool/SKILL.md"])
        #expect(found.map(\.message) == ["skill name `tool` is also used by another skill", "skill name `tool` is also used by another skill"])
        #expect(found[0].notes.first?.location == SourceLocation(file: "two/tool/SKILL.md", line: 2))
        #expect(found[1].notes.first?.location == SourceLocation(file: "one/tool/SKILL.md", line: 2))
    }

    @Test func unreadableFrontmatterIsReportedOnceNotPerField() throws {
        let fixture = try CheckFixture(["a/SKILL.md": "---\nname: a\ndescription: [unclosed\n---\n"])
        let codes = fixture.all().map(\.code)
        #expect(codes == ["invalid-yaml"])
    }
}

/// `--spec strict` rejects flow-style YAML as `agentskills validate` does (strictyaml).
@Suite struct FlowStyleCheckTests {
    @Test func flowListsAndMapsAreErrorsOnlyUnderStrict() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": "---\nname: a\ndescription: Use when testing.\nmetadata: {author: me}\n---\n# A\n",
            "b/SKILL.md": "---\nname: b\ndescription: Use when testing.\nmetadata:\n  tags: [x, y]\n---\n# B\n",
            "c/SKILL.md": "---\nname: c\ndescription: Use when testing.\nmetadata:\n  tags: \"[x, y]\"\n---\n# C\n",
        ])
        #expect(fixture.found(["yaml-flow-style"]).isEmpty)
        #expect(fixture.found(["yaml-flow-style"], spec: .strict) == ["a/SKILL.md:4:11 yaml-flow-style", "b/SKILL.md:5:9 yaml-flow-style"])
        #expect(fixture.diagnostics("yaml-flow-style", spec: .strict).allSatisfy { $0.severity == .error })
    }
}
