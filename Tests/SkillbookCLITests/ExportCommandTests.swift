import Foundation
import Testing
import TestSupport

@Suite struct ExportCommandTests {
    static let collection = [
        "README.md": "# Tools\n\nSkills for tools.\n",
        "alpha/SKILL.md": "---\nname: alpha\ndescription: Use for <tags> & \"quotes\" and 'apostrophes'.\n---\n# Alpha\n\nSee [beta](../beta/SKILL.md) and [x](references/x.md).\n",
        "alpha/references/x.md": "# X\n\n## Part\n",
        "beta/SKILL.md": "---\nname: beta\ndescription: Second.\n---\n# Beta\n",
    ]

    @Test func promptIsTheAvailableSkillsBlockWithEscapedValues() throws {
        let tree = try FixtureTree(Self.collection)
        let result = try runSkillbook(["export", tree.path])
        #expect(result.exitCode == 0)
        #expect(result.stdout == """
            <available_skills>
            <skill>
            <name>
            alpha
            </name>
            <description>
            Use for &lt;tags&gt; &amp; &quot;quotes&quot; and &#x27;apostrophes&#x27;.
            </description>
            <location>
            \(tree.path)/alpha/SKILL.md
            </location>
            </skill>
            <skill>
            <name>
            beta
            </name>
            <description>
            Second.
            </description>
            <location>
            \(tree.path)/beta/SKILL.md
            </location>
            </skill>
            </available_skills>

            """)
    }

    @Test(.enabled(if: ReferenceValidator.isInstalled, "skills-ref is not installed"))
    func promptMatchesTheReferenceToPrompt() throws {
        let tree = try FixtureTree(Self.collection)
        let ours = try runSkillbook(["export", "--format", "prompt", tree.path])
        let reference = try ReferenceValidator.run(["to-prompt", tree.path + "/alpha", tree.path + "/beta"])
        #expect(reference.exitCode == 0)
        #expect(ours.stdout == reference.stdout)
    }

    @Test func jsonIsACatalogWithLinksInAndOut() throws {
        let tree = try FixtureTree(Self.collection)
        let result = try runSkillbook(["export", "--format", "json", tree.path])
        #expect(result.exitCode == 0)
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(catalog["schemaVersion"] as? Int == 1)
        let skills = try #require(catalog["skills"] as? [[String: Any]])
        #expect(skills.map { $0["name"] as? String } == ["alpha", "beta"])
        #expect(skills[0]["path"] as? String == "alpha/SKILL.md")
        #expect(skills[0]["references"] as? [String] == ["alpha/references/x.md"])
        #expect(skills[0]["linksOut"] as? [String] == ["beta"])
        #expect(skills[1]["linksIn"] as? [String] == ["alpha"])
        let counts = try #require(skills[0]["counts"] as? [String: Int])
        #expect(counts == ["documents": 2, "references": 1, "headings": 3, "links": 2, "rules": 0])
    }

    @Test func llmsIsTheSameFileTheSiteWrites() throws {
        let tree = try FixtureTree(Self.collection)
        let export = try runSkillbook(["export", "--format", "llms", tree.path])
        #expect(export.exitCode == 0)
        #expect(export.stdout.hasPrefix("# Tools\n\n> Skills for tools.\n\n"))
        #expect(export.stdout.contains("- [alpha](alpha/SKILL.md): Use for <tags>"))
        let build = try runSkillbook(["build", tree.path, "-o", tree.path + "/site", "--quiet"])
        #expect(build.exitCode == 0)
        #expect(try String(contentsOfFile: tree.path + "/site/llms.txt", encoding: .utf8) == export.stdout)
    }

    @Test func aSkillWithoutDescriptionIsLeftOutOfThePromptWithAWarning() throws {
        let tree = try FixtureTree(["gamma/SKILL.md": "---\nname: gamma\n---\n# Gamma\n"])
        let result = try runSkillbook(["export", tree.path])
        #expect(result.exitCode == 0)
        #expect(result.stdout == "<available_skills>\n</available_skills>\n")
        #expect(result.stderr.contains("gamma/SKILL.md: warning: left out of the prompt: the skill has no name or description"))
    }
}
