import Foundation
import Testing
import TestSupport

/// Project skills live in hidden folders (`.claude/skills`, `.agents/skills`, ...): they are
/// checked; any other hidden folder holding a SKILL.md is skipped and said so.
@Suite struct HiddenFolderTests {
    static let fixture = TestPaths.repository.appendingPathComponent("Tests/SkillParserTests/Fixtures")

    @Test func skillsOnlyUnderDotClaudeAreCheckedAndABrokenLinkFails() throws {
        let result = try runSkillbook(["check", "hidden-skills"], in: Self.fixture)
        #expect(result.exitCode == 1)
        #expect(result.stdout == """
            hidden-skills/.claude/skills/deploy/SKILL.md:7:57: error: link target `references/rollback.md` does not exist [broken-link]
            checked 2 files in 1 skill: 1 error; skipped 1 skill in hidden folders (.cache/old-skill); \
            list them under include: in skillbook.yml to check them

            """)
    }

    @Test func everyUsualAgentFolderIsFound() throws {
        var files: [String: String] = [:]
        for agent in [".claude", ".agents", ".agent", ".github", ".codex", ".cursor"] {
            let name = "s" + agent.dropFirst()
            files["\(agent)/skills/\(name)/SKILL.md"] = "---\nname: \(name)\ndescription: Use when testing.\n---\n# S\n"
        }
        files[".github/workflows/notes.md"] = "# Not a skill document\n[x](gone.md)\n"
        let tree = try FixtureTree(files)
        let result = try runSkillbook(["check", tree.path])
        #expect(result.stdout == "checked 6 files in 6 skills: no problems found\n")
        #expect(result.exitCode == 0)
    }

    @Test func includeAndExcludeChooseFolders() throws {
        let tree = try FixtureTree([
            ".private/x/SKILL.md": "---\nname: x\ndescription: Use when testing.\n---\n# X\n[gone](gone.md)\n",
            "drafts/y/SKILL.md": "---\nname: y\ndescription: Use when testing.\n---\n# Y\n[gone](gone.md)\n",
            "skillbook.yml": "include: [.private]\nexclude: [drafts]\n",
        ])
        let result = try runSkillbook(["check", tree.path])
        #expect(result.exitCode == 1)
        #expect(result.stdout.hasSuffix("checked 1 file in 1 skill: 1 error\n"))
        #expect(result.stdout.contains(".private/x/SKILL.md:6:1: error: link target `gone.md` does not exist [broken-link]"))
    }
}
