import Testing
import TestSupport

/// The manifest and README checks end to end: through `check`, in its formats, and `explain`.
@Suite struct PluginManifestCommandTests {
    @Test func invalidJSONIsAnErrorAtItsLineAndColumn() throws {
        let tree = try FixtureTree([
            "skills/alpha/SKILL.md": "---\nname: alpha\ndescription: A.\n---\n# Alpha\n",
            ".claude-plugin/plugin.json": "{\n  \"name\": \"p\",\n  \"skills\": [\"./skills/alpha\",]\n}\n",
        ])
        let text = try runSkillbook(["check"], in: tree.root)
        #expect(text.exitCode == 1)
        #expect(text.stdout.hasPrefix(
            ".claude-plugin/plugin.json:3:31: error: invalid JSON: a trailing comma before `]`; JSON allows none [invalid-plugin-manifest]\n"))
        let github = try runSkillbook(["check", "--format", "github"], in: tree.root)
        #expect(github.stdout.contains("::error file=.claude-plugin/plugin.json,line=3,col=31,"))
    }

    @Test func driftBetweenManifestReadmeAndSkillsIsReported() throws {
        let tree = try FixtureTree([
            "skills/alpha/SKILL.md": "---\nname: alpha\ndescription: A.\n---\n# Alpha\n",
            "skills/beta/SKILL.md": "---\nname: beta\ndescription: B.\n---\n# Beta\n",
            ".claude-plugin/marketplace.json": #"{"name": "m", "plugins": [{"name": "p", "source": "./", "skills": ["./skills/alpha", "./skills/gone"]}]}"#,
            "README.md": "# Skills\n\n- `alpha`\n- `beta`\n- `old-one`\n",
        ])
        let result = try runSkillbook(["check"], in: tree.root)
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains(".claude-plugin/marketplace.json:1:86: error: `./skills/gone` does not exist [manifest-path-missing]"))
        #expect(result.stdout.contains("skills/beta/SKILL.md:2:1: warning: skill `beta` is in no plugin of `.claude-plugin/marketplace.json` [skill-not-in-manifest]"))
        #expect(result.stdout.contains("README.md:5:4: warning: the README lists `old-one`, which is not a skill of this collection [readme-skill-drift]"))
        #expect(result.stdout.hasSuffix("1 error, 2 warnings\n"))
    }

    @Test func theNewCodesAreExplainedAndConfigurable() throws {
        for code in ["invalid-plugin-manifest", "manifest-path-missing", "skill-not-in-manifest", "readme-skill-drift",
                     "placeholder-description"] {
            let explained = try runSkillbook(["explain", code])
            #expect(explained.exitCode == 0, "\(code)")
            #expect(explained.stdout.hasPrefix("\(code) ("))
        }
        let tree = try FixtureTree([
            "skills/alpha/SKILL.md": "---\nname: alpha\ndescription: A.\n---\n# Alpha\n",
            ".claude-plugin/plugin.json": #"{"name": "p", "skills": ["./skills/nothing"]}"#,
            "skillbook.yml": "severity:\n  manifest-path-missing: off\n  skill-not-in-manifest: off\n",
        ])
        let result = try runSkillbook(["check"], in: tree.root)
        #expect(result.exitCode == 0, "\(result.stdout)")
        #expect(result.stderr == "")
    }
}
