import Foundation
import Testing
import TestSupport

@Suite struct InitCommandTests {
    @Test func writesEverySettingWithItsDefaultAndNeverOverwrites() throws {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: A.\n---\n# A\n"])
        let result = try runSkillbook(["init", tree.path])
        #expect(result.exitCode == 0)
        #expect(result.stdout == "Wrote \(tree.path)/skillbook.yml.\n")
        let text = try tree.read("skillbook.yml")
        for key in Self.settingKeys(text) { #expect(text.contains("\(key):")) }
        #expect(Self.settingKeys(text) == ["title", "description", "base_url", "site_root", "external_skills", "ignore", "include", "exclude",
                                           "related_headings", "severity", "duplicate_rules", "language", "groups"])
        // The file as written means what no file means: check reads it without a word.
        let check = try runSkillbook(["check", tree.path])
        #expect(check.exitCode == 0)
        #expect(check.stderr == "")

        try tree.write("skillbook.yml", "title: Mine\n")
        let again = try runSkillbook(["init", tree.path])
        #expect(again.exitCode == 2)
        #expect(again.stderr.contains("it already exists; skillbook init never overwrites"))
        #expect(try tree.read("skillbook.yml") == "title: Mine\n")
    }

    @Test func stdoutPrintsTheSameFile() throws {
        let tree = try FixtureTree()
        #expect(try runSkillbook(["init", tree.path]).exitCode == 0)
        #expect(try runSkillbook(["init", "--stdout"]).stdout == tree.read("skillbook.yml"))
    }

    /// The keys `init` writes, set or commented out, in order.
    static func settingKeys(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard !line.hasPrefix("# for example"), !line.hasPrefix("# yaml-language-server") else { return nil }
            let bare = line.hasPrefix("# ") ? line.dropFirst(2) : line[...]
            guard let colon = bare.firstIndex(of: ":"), bare[..<colon].allSatisfy({ $0.isLetter || $0 == "_" }),
                  bare.index(after: colon) == bare.endIndex || bare[bare.index(after: colon)] == " " else { return nil }
            return String(bare[..<colon])
        }
    }
}

/// `skillbook.schema.json`, which editors' YAML language servers use, says what the binary says.
@Suite struct ConfigSchemaTests {
    static func schema() throws -> [String: Any] {
        let url = TestPaths.repository.appendingPathComponent("skillbook.schema.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func hasEverySettingOfInitWithItsHelp() throws {
        let properties = try #require(try Self.schema()["properties"] as? [String: [String: Any]])
        let initText = try runSkillbook(["init", "--stdout"]).stdout
        let keys = InitCommandTests.settingKeys(initText)
        #expect(Set(properties.keys) == Set(keys), "run scripts/write-config-schema.py")
        for key in keys {
            let help = try #require(properties[key]?["description"] as? String)
            #expect(initText.contains("# \(help)\n"), "\(key): run scripts/write-config-schema.py")
        }
    }

    /// The schema offers exactly the codes `skillbook explain` knows, so editors complete every
    /// code; a code added or removed without `scripts/write-config-schema.py` fails here.
    @Test func severityOffersTheCodesOfExplain() throws {
        let properties = try #require(try Self.schema()["properties"] as? [String: [String: Any]])
        let offered = try #require(properties["severity"]?["properties"] as? [String: [String: Any]])
        let codes = try runSkillbook(["explain"]).stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(offered.count >= 30)
        #expect(Set(offered.keys).subtracting(codes).isEmpty, "codes that no longer exist: run scripts/write-config-schema.py")
        #expect(Set(codes).subtracting(offered.keys).isEmpty, "codes the schema does not offer yet: run scripts/write-config-schema.py")
        #expect(offered["broken-anchor"]?["enum"] as? [String] == ["off", "note", "warning", "error"])
    }
}
