import Testing
import TestSupport

@Suite struct ExplainCommandTests {
    @Test func explainsACode() throws {
        let result = try runSkillbook(["explain", "broken-anchor"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("broken-anchor (error by default): a link's `#anchor` matches no heading or HTML id in its target\n\n"))
        #expect(result.stdout.contains("#1-query-performance"))
    }

    @Test func listsEveryCodeWithoutOne() throws {
        let result = try runSkillbook(["explain"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.split(separator: "\n").count >= 20)
        #expect(result.stdout.contains("orphan-reference"))
    }

    @Test func unknownCodeExitsTwoWithSuggestions() throws {
        let result = try runSkillbook(["explain", "broken-anchr"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: unknown code 'broken-anchr'; did you mean 'broken-anchor'"))
    }

    @Test func explainsEveryListedCode() throws {
        let list = try runSkillbook(["explain"])
        let codes = list.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(codes.contains("site-path-collision") && codes.contains("anchor-case-mismatch"))
        for code in codes {
            let result = try runSkillbook(["explain", code])
            #expect(result.exitCode == 0, "\(code)")
            #expect(result.stdout.hasPrefix(code + " ("), "\(code)")
        }
    }

    @Test func aCodeFarFromEveryOtherGetsNoEmptyGuess() throws {
        let result = try runSkillbook(["explain", "zzzzzzzzzzzz"])
        #expect(result.exitCode == 2)
        #expect(result.stderr == "error: unknown code 'zzzzzzzzzzzz'\nRun 'skillbook explain' for the list of codes.\n")
    }

    @Test func aMalformedConfigurationIsInvalidConfig() throws {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: A.\n---\n# A\n", "skillbook.yml": "title: [unclosed\n"])
        let result = try runSkillbook(["check", tree.path])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("[invalid-config]"))
        #expect(!result.stderr.contains("[invalid-yaml]"))
    }
}
