import Foundation
import Testing
import TestSupport

@Suite struct DupesCommandTests {
    static let alpha = "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\n## Images\n\n- Always write alt text for every image in the app.\n"
    static let beta = "---\nname: beta\ndescription: Second.\n---\n# Beta\n\n- **Always** write alt text for *every* image in the app!\n"

    @Test func textReportListsEachStatementWithItsLocation() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.alpha, "beta/SKILL.md": Self.beta])
        let result = try runSkillbook(["dupes", tree.path])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "[1] 2 statements in 2 skills: \"Always write alt text for every image in the app.\"")
        #expect(lines.contains { $0.hasSuffix("alpha/SKILL.md:9:1  exact  [alpha] Alpha › Images") })
        #expect(lines.contains { $0.hasSuffix("beta/SKILL.md:7:1  exact  [beta] Beta") })
        #expect(lines.last(where: { !$0.isEmpty }) == "1 duplicate cluster (1 across skills), 0 boilerplate blocks (0 rules)")
    }

    /// A folder name with a newline or a heading with an escape sequence cannot forge a line
    /// or repaint the terminal: they are written as `\n` and `\u{1B}`.
    @Test func controlCharactersFromTheCollectionAreEscaped() throws {
        let forged = "beta\n::error file=x::forged"
        let beta = Self.beta.replacingOccurrences(of: "# Beta", with: "# Beta \u{1B}[31mred")
        let tree = try FixtureTree(["alpha/SKILL.md": Self.alpha, "\(forged)/SKILL.md": beta])
        let result = try runSkillbook(["dupes", tree.path])
        #expect(result.exitCode == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("::error") })
        #expect(result.stdout.contains("beta\\n::error file=x::forged/SKILL.md:7:1"))
        #expect(result.stdout.contains("Beta \\u{1B}[31mred"))
    }

    @Test func failOnDuplicatesExitsOneOnlyForClustersAcrossSkills() throws {
        let across = try FixtureTree(["alpha/SKILL.md": Self.alpha, "beta/SKILL.md": Self.beta])
        #expect(try runSkillbook(["dupes", across.path, "--fail-on-duplicates"]).exitCode == 1)

        let within = try FixtureTree(["alpha/SKILL.md": Self.alpha + "\n## Again\n\n- Always write alt text for every image in the app.\n"])
        let result = try runSkillbook(["dupes", within.path, "--fail-on-duplicates"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("[1] 2 statements in one skill:"))
    }

    @Test func boilerplateIsReportedOnceAndDoesNotFail() throws {
        var files: [String: String] = [:]
        let topics = ["colour", "type", "layout", "motion", "sound", "haptics", "icons", "menus", "alerts", "sheets",
                      "widgets", "maps"]
        for (index, topic) in topics.enumerated() {
            files["skill-\(index)/SKILL.md"] = "---\nname: skill-\(index)\ndescription: Skill \(index).\n---\n# Skill \(index)\n\n"
                + "- Explains \(topic) for \(topics[(index + 1) % 12]) screens, then \(topics[(index + 5) % 12]) examples.\n\n## Limitations\n\n"
                + "- Use this skill only when the task clearly matches the scope described above.\n"
                + "- Stop and ask for clarification if required inputs are missing.\n"
        }
        let tree = try FixtureTree(files)
        let result = try runSkillbook(["dupes", tree.path, "--fail-on-duplicates"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("boilerplate block 1 under \"Limitations\": 2 rules repeated in 12 skills\n"))
        #expect(result.stdout.components(separatedBy: "Use this skill only when").count == 2)
        #expect(result.stdout.hasSuffix("0 duplicate clusters (0 across skills), 1 boilerplate block (2 rules)\n"))
    }

    @Test func jsonReportCarriesOptionsAndClusters() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.alpha, "beta/SKILL.md": Self.beta])
        let result = try runSkillbook(["dupes", tree.path, "--format", "json", "--threshold", "0.7", "--min-words", "5"])
        #expect(result.exitCode == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        let options = try #require(json["options"] as? [String: Any])
        #expect(options["threshold"] as? Double == 0.7)
        #expect(options["minWords"] as? Int == 5)
        let clusters = try #require(json["clusters"] as? [[String: Any]])
        #expect(clusters.count == 1)
        #expect(clusters[0]["boilerplate"] as? Bool == false)
        #expect(clusters[0]["skillCount"] as? Int == 2)
        let members = try #require(clusters[0]["members"] as? [[String: Any]])
        #expect(members.compactMap { $0["skill"] as? String } == ["alpha", "beta"])
        #expect(members.compactMap { $0["match"] as? String } == ["exact", "exact"])
        #expect(members.compactMap { ($0["location"] as? [String: Any])?["line"] as? Int } == [9, 7])
        #expect((members[0]["headingPath"] as? [String]) == ["Alpha", "Images"])
    }

    @Test func minWordsAboveTheRuleLengthFindsNothing() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.alpha, "beta/SKILL.md": Self.beta])
        let result = try runSkillbook(["dupes", tree.path, "--min-words", "11", "--fail-on-duplicates"])
        #expect(result.exitCode == 0)
        #expect(result.stdout == "0 duplicate clusters (0 across skills), 0 boilerplate blocks (0 rules)\n")
    }

    @Test func badOptionValuesAreUsageErrors() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.alpha])
        for arguments in [["--threshold", "1.5"], ["--threshold", "abc"], ["--sentence-threshold", "0"], ["--min-words", "0"], ["--format", "xml"], ["--fuzzy"]] {
            let result = try runSkillbook(["dupes", tree.path] + arguments)
            #expect(result.exitCode == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: "), "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func missingFolderIsReported() throws {
        let result = try runSkillbook(["dupes", "/nonexistent/skills"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("no such folder"))
    }

    @Test func helpDescribesTheOptions() throws {
        let result = try runSkillbook(["dupes", "--help"])
        #expect(result.exitCode == 0)
        for option in ["--format", "--threshold", "--sentence-threshold", "--min-words", "--fail-on-duplicates", "--verbose"] {
            #expect(result.stdout.contains(option))
        }
    }

    @Test func sameInputSameBytes() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.alpha, "beta/SKILL.md": Self.beta,
                                    "gamma/SKILL.md": Self.alpha.replacingOccurrences(of: "alpha", with: "gamma")])
        let first = try runSkillbook(["dupes", tree.path, "--format", "json"])
        let second = try runSkillbook(["dupes", tree.path, "--format", "json"])
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("gamma/SKILL.md"))
    }
}

@Suite struct DuplicateRuleCheckCommandTests {
    @Test func checkReportsDuplicateRulesWhenTheConfigurationAsks() throws {
        var files = ["alpha/SKILL.md": DupesCommandTests.alpha, "beta/SKILL.md": DupesCommandTests.beta]
        let off = try runSkillbook(["check", try FixtureTree(files).path])
        #expect(!off.stdout.contains("duplicate-rule"))

        files["skillbook.yml"] = "duplicate_rules: true\n"
        let tree = try FixtureTree(files)
        let result = try runSkillbook(["check", "."], in: tree.root)
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("""
            beta/SKILL.md:7:1: warning: rule already stated in skill `alpha` [duplicate-rule]
            alpha/SKILL.md:9:1: note: first stated here

            """))
        let explain = try runSkillbook(["explain", "duplicate-rule"])
        #expect(explain.exitCode == 0)
        #expect(explain.stdout.contains("duplicate_rules: true"))
    }
}

@Suite struct DupesCommandOptionTests {
    static let alpha = "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\n"
        + "**Ask for permission in context.** People are more likely to agree when they understand why your app needs access to their data. Explain the benefit first.\n"
    /// The middle sentence differs from alpha's in two words (Jaccard 0.74); the rules as a whole are 0.4 alike.
    static let beta = "---\nname: beta\ndescription: Second.\n---\n# Beta\n\n"
        + "**Request location only when needed.** People are much more likely to agree when they know why your app needs access to their data. Prefer approximate location.\n"

    @Test func sentenceThresholdDecidesWhenSentencesAreShared() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.alpha, "beta/SKILL.md": Self.beta])
        #expect(try runSkillbook(["dupes", tree.path]).stdout.hasPrefix("0 duplicate clusters"))
        let loose = try runSkillbook(["dupes", tree.path, "--sentence-threshold", "0.7"])
        #expect(loose.stdout.contains("  shared-sentence 74%  [beta] Beta\n"))
        // A sentence match needs at least the whole-rule threshold too.
        let strict = try runSkillbook(["dupes", tree.path, "--sentence-threshold", "0.7", "--threshold", "0.8"])
        #expect(strict.stdout.hasPrefix("0 duplicate clusters"))
    }

    @Test func verbosePrintsTheStepsOnStandardError() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.alpha, "beta/SKILL.md": Self.beta])
        let result = try runSkillbook(["dupes", tree.path, "--verbose"])
        #expect(result.stderr.hasPrefix("[1/7] normalise: "))
        #expect(result.stderr.contains("[6/7] find contained rules: "))
        #expect(result.stderr.contains("[7/7] cluster: "))
        #expect(result.stderr.contains("2 rules, 2 compared"))
        #expect(result.stdout == "0 duplicate clusters (0 across skills), 0 boilerplate blocks (0 rules)\n")
    }
}
