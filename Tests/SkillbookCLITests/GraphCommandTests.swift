import Foundation
import Testing
import TestSupport

@Suite struct GraphCommandTests {
    @Test func printsJSONWithSchemaVersionAndReportsLoadProblemsOnStderr() throws {
        let tree = try FixtureTree([
            "alpha/SKILL.md": "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\nSee `beta`.\n",
            "beta/SKILL.md": "---\nname: beta\ndescription: Second.\n",
        ])
        let result = try runSkillbook(["graph", tree.path])
        #expect(result.exitCode == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 3)
        #expect((json["skills"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["alpha", "beta"])
        #expect(result.stderr.contains("beta/SKILL.md:1:1: warning: frontmatter opened here is never closed"))
        #expect(result.stderr.contains("[unterminated-frontmatter]"))
    }
}

@Suite struct GraphDuplicatesTests {
    @Test func graphJSONCarriesDuplicateClusters() throws {
        let rule = "- Always write alt text for every image in the app.\n"
        let tree = try FixtureTree([
            "alpha/SKILL.md": "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\n" + rule,
            "beta/SKILL.md": "---\nname: beta\ndescription: Second.\n---\n# Beta\n\n" + rule,
        ])
        let result = try runSkillbook(["graph", tree.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let duplicates = try #require(json["duplicates"] as? [[String: Any]])
        #expect(duplicates.count == 1)
        #expect(duplicates[0]["representative"] as? String == "Always write alt text for every image in the app.")
        #expect((duplicates[0]["members"] as? [[String: Any]])?.count == 2)
    }
}
