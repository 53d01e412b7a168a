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
}
