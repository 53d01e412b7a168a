import Foundation
import Testing
import TestSupport

@Suite struct NewCommandTests {
    @Test func createsASkillThatCheckFlagsUntilTheDescriptionIsWritten() throws {
        let tree = try FixtureTree()
        let result = try runSkillbook(["new", "pdf-tools", "--in", tree.path])
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("Created \(tree.path)/pdf-tools/SKILL.md and \(tree.path)/pdf-tools/references/"))
        let skill = try tree.read("pdf-tools/SKILL.md")
        #expect(skill.hasPrefix("---\nname: pdf-tools\ndescription: \"TODO: "))
        #expect(skill.contains("\nlicense: Apache-2.0\nmetadata:\n  version: \"0.1.0\"\n---\n"))
        #expect(skill.contains("\n## Related skills\n"))
        #expect(FileManager.default.fileExists(atPath: tree.path + "/pdf-tools/references"))

        let check = try runSkillbook(["check", tree.path])
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("pdf-tools/SKILL.md:3:1: error: `description` is still a placeholder [placeholder-description]"))
        #expect(check.stdout.contains("checked 1 file in 1 skill: 1 error\n"))

        // Once written, the skill is clean.
        try tree.write("pdf-tools/SKILL.md", skill.replacingOccurrences(
            of: #"description: "TODO: say what this skill does and when to use it, in the words a user would say.""#,
            with: "description: Fill and merge PDF forms. Use when the user works with PDF files."))
        #expect(try runSkillbook(["check", tree.path]).exitCode == 0)
    }

    @Test(.enabled(if: ReferenceValidator.isInstalled, "skills-ref is not installed"))
    func passesTheReferenceValidator() throws {
        let tree = try FixtureTree()
        #expect(try runSkillbook(["new", "data-cleaner", "--in", tree.path]).exitCode == 0)
        let result = try ReferenceValidator.run(["validate", tree.path + "/data-cleaner"])
        #expect(result.exitCode == 0, "\(result.stdout)")
        #expect(result.stdout.contains("Valid skill"))
    }

    @Test func refusesInvalidNamesAndCreatesNothing() throws {
        let tree = try FixtureTree()
        for name in ["PDF_Tools", "-pdf", "pdf--tools", String(repeating: "a", count: 65)] {
            let result = try runSkillbook(["new", "--in", tree.path, "--", name])
            #expect(result.exitCode == 2, "\(name)")
            #expect(result.stderr.hasPrefix("error: '\(name)' is not a valid skill name"), "\(result.stderr)")
        }
        #expect(try runSkillbook(["new", "PDF_Tools", "--in", tree.path]).stderr.contains("try 'pdf-tools'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path).isEmpty)
    }

    @Test func neverOverwrites() throws {
        let tree = try FixtureTree(["pdf-tools/SKILL.md": "mine\n"])
        let result = try runSkillbook(["new", "pdf-tools", "--in", tree.path])
        #expect(result.exitCode == 2)
        #expect(result.stderr == "error: '\(tree.path)/pdf-tools' already exists; skillbook new never overwrites\n")
        #expect(try tree.read("pdf-tools/SKILL.md") == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path) == ["pdf-tools"])
    }

    @Test func takesTheLicenseMostSkillsDeclare() throws {
        let tree = try FixtureTree([
            "a/SKILL.md": "---\nname: a\ndescription: A.\nlicense: MIT\n---\n",
            "b/SKILL.md": "---\nname: b\ndescription: B.\nlicense: MIT\n---\n",
        ])
        #expect(try runSkillbook(["new", "c", "--in", tree.path]).exitCode == 0)
        #expect(try tree.read("c/SKILL.md").contains("\nlicense: MIT\n"))
        #expect(try runSkillbook(["new", "d", "--in", tree.path, "--license", "Proprietary: see LICENSE"]).exitCode == 0)
        #expect(try tree.read("d/SKILL.md").contains("\nlicense: \"Proprietary: see LICENSE\"\n"))
    }
}
