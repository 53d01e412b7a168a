import Foundation
import Testing
import TestSupport

/// `skillbook search` on a collection and on a built site.
@Suite struct SearchCommandTests {
    static let files = [
        "controls/SKILL.md": "---\nname: controls\ndescription: Standard controls.\n---\n# Controls\n\n## Toggles\n\nA toggle switches a setting on or off.\n",
        "controls/references/targets.md": "# Touch targets\n\nMake touch targets at least 44 by 44 points.\n\n## Spacing\n\nLeave room between targets.\n",
        "feedback/SKILL.md": "---\nname: feedback\ndescription: Haptics.\n---\n# Feedback\n\n## Haptics\n\nUse `.sensoryFeedback(.success, trigger: saved)`.\n",
    ]

    @Test func ranksACollectionsSectionsInTheTerminal() throws {
        let tree = try FixtureTree(Self.files)
        let result = try runSkillbook(["search", "touch target", tree.path])
        #expect(result.exitCode == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "1. Touch targets  [controls]")
        #expect(lines.dropFirst().first == "   controls/references/targets.html")
        #expect(result.stdout.contains("Make touch targets at least 44 by 44 points."))
        #expect(lines.last?.hasSuffix("found") == true)
    }

    @Test func findsIdentifiersByTheirParts() throws {
        let tree = try FixtureTree(Self.files)
        let result = try runSkillbook(["search", "sensory feedback", tree.path, "--format", "json"])
        #expect(result.exitCode == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let first = try #require((json["results"] as? [[String: Any]])?.first)
        let section = try #require((first["sections"] as? [[String: Any]])?.first)
        #expect(section["url"] as? String == "feedback/index.html#haptics")
    }

    @Test func saysWhenNothingMatchesAndOffersTheClosestWords() throws {
        let tree = try FixtureTree(Self.files)
        let result = try runSkillbook(["search", "togglse swiches", tree.path])
        #expect(result.exitCode == 0)  // one edit is forgiven
        let none = try runSkillbook(["search", "tgogels", tree.path])
        #expect(none.exitCode == 1)
        #expect(none.stdout.contains("no results for 'tgogels'"))
        #expect(none.stdout.contains("closest known words: toggle"))
    }

    @Test func readsTheIndexOfABuiltSite() throws {
        let tree = try FixtureTree(Self.files)
        let site = tree.root.appendingPathComponent("_site").path
        let built = try runSkillbook(["build", tree.path, "-o", site])
        #expect(built.exitCode == 0, "\(built.stderr)")
        #expect(built.stdout.contains("Search index: "))
        let fromSite = try runSkillbook(["search", "touch targ", "--site", site, "--format", "json"])
        let fromCollection = try runSkillbook(["search", "touch targ", tree.path, "--format", "json"])
        #expect(fromSite.exitCode == 0)
        #expect(fromSite.stdout == fromCollection.stdout)
    }

    @Test func reportsAMissingIndexAndBadUsage() throws {
        let tree = try FixtureTree(Self.files)
        let missing = try runSkillbook(["search", "touch", "--site", tree.path])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("no search index (search/entry.js)"))
        let both = try runSkillbook(["search", "touch", tree.path, "--site", tree.path])
        #expect(both.exitCode == 2)
        let limit = try runSkillbook(["search", "touch", tree.path, "--limit", "zero"])
        #expect(limit.exitCode == 2)
        #expect(limit.stderr.contains("'--limit' needs a positive number"))
        let help = try runSkillbook(["search", "--help"])
        #expect(help.exitCode == 0 && help.stdout.contains("USAGE: skillbook search [options] QUERY [DIR]"))
    }
}
