import Foundation
import Testing
@testable import SkillChecks
@testable import SkillParser

@Suite struct PluginManifestCheckTests {
    static let codes: Set<String> = ["invalid-plugin-manifest", "manifest-path-missing", "skill-not-in-manifest"]

    static let skills = [
        "skills/alpha/SKILL.md": skill("alpha"),
        "skills/beta/SKILL.md": skill("beta"),
        "skills/gamma/SKILL.md": skill("gamma"),
    ]

    func fixture(_ files: [String: String]) throws -> CheckFixture {
        try CheckFixture(Self.skills.merging(files) { $1 })
    }

    @Test func aMarketplaceListingEverySkillPasses() throws {
        let marketplace = """
            {"name": "m", "plugins": [
              {"name": "a", "source": "./", "skills": ["./skills/alpha", "./skills/beta/"]},
              {"name": "b", "source": "./skills", "skills": ["./gamma"]},
              {"name": "remote", "source": {"source": "github", "repo": "o/r"}}
            ]}
            """
        #expect(try fixture([".claude-plugin/marketplace.json": marketplace]).found(Self.codes).isEmpty)
    }

    @Test func withoutAManifestNothingIsReported() throws {
        #expect(try fixture([:]).found(Self.codes).isEmpty)
    }

    @Test func listedPathsThatDoNotExistAreReportedWhereTheyAreWritten() throws {
        let marketplace = """
            {
              "name": "m",
              "plugins": [
                {"name": "a", "source": "./", "skills": ["./skills/alpha", "./skills/betta", "./skills/Gamma", "./docs", "../out"]}
              ]
            }
            """
        let found = try fixture([".claude-plugin/marketplace.json": marketplace, "docs/x.md": "# X\n"])
        let paths = found.diagnostics("manifest-path-missing")
        #expect(paths.map(\.message) == [
            "`./skills/betta` does not exist",
            "`./skills/Gamma` exists only as `skills/gamma`, with other letter case",
            "`./docs` holds no SKILL.md",
            "`../out` leads out of the collection",
        ])
        #expect(paths.map { "\($0.location.line):\($0.location.column)" } == ["4:64", "4:82", "4:100", "4:110"])
        #expect(paths[0].suggestion == "did you mean `./skills/beta`?")
    }

    @Test func skillsInNoPluginAreReportedAtTheirName() throws {
        let marketplace = #"{"name": "m", "plugins": [{"name": "a", "source": "./", "skills": ["./skills/alpha"]}]}"#
        let found = try fixture([".claude-plugin/marketplace.json": marketplace])
        #expect(found.found(["skill-not-in-manifest"]) == [
            "skills/beta/SKILL.md:2:1 skill-not-in-manifest", "skills/gamma/SKILL.md:2:1 skill-not-in-manifest",
        ])
        let first = try #require(found.diagnostics("skill-not-in-manifest").first)
        #expect(first.message == "skill `beta` is in no plugin of `.claude-plugin/marketplace.json`")
        #expect(first.notes.first?.location == SourceLocation(file: ".claude-plugin/marketplace.json", line: 1, column: 26))
    }

    @Test func aPluginWithoutASkillsListCoversItsSkillsFolder() throws {
        let plugin = #"{"name": "p", "version": "1.0.0"}"#
        let found = try fixture([".claude-plugin/plugin.json": plugin, "extra/delta/SKILL.md": skill("delta")])
        #expect(found.found(Self.codes) == ["extra/delta/SKILL.md:2:1 skill-not-in-manifest"])
        let listed = try fixture([".claude-plugin/plugin.json": #"{"name": "p", "skills": "./skills/"}"#])
        #expect(listed.found(Self.codes).isEmpty)
    }

    @Test func invalidJSONIsReportedAtItsLineAndColumn() throws {
        let cases: [(String, String)] = [
            ("{\n  \"name\": \"p\",\n  \"skills\": [\"./a\",]\n}\n", "3:20 invalid JSON: a trailing comma before `]`; JSON allows none"),
            ("{\n  \"name\": \"p\"\n  \"skills\": []\n}\n", "3:3 invalid JSON: expected `,` or `}` after a member (a trailing comma or a missing comma?)"),
            ("{\"name\": \"é\", \"x\": tru}", "1:20 invalid JSON: unexpected character where a value was expected"),
            ("{\"name\": \"line\nbreak\"}", "1:15 invalid JSON: a control character (such as a line break) inside a string; escape it"),
            ("", "1:1 invalid JSON: the file holds no JSON value"),
            (String(repeating: "[", count: 300), "1:257 invalid JSON: JSON nested more than 256 levels deep"),
        ]
        for (json, expected) in cases {
            let found = try fixture([".claude-plugin/plugin.json": json]).diagnostics("invalid-plugin-manifest")
            #expect(found.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [expected])
            #expect(found.first?.location.file == ".claude-plugin/plugin.json")
        }
    }

    @Test func aManifestThatIsAPipeIsReportedNotWaitedOn() throws {
        let fixture = try CheckFixture(Self.skills)
        try fixture.tree.write(".claude-plugin/.keep", "")
        #expect(mkfifo(fixture.tree.path + "/.claude-plugin/plugin.json", 0o644) == 0)
        let found = fixture.found(Self.codes.union(["unreadable-file"]))
        #expect(found == [".claude-plugin/plugin.json:1:1 unreadable-file"])
    }

    @Test func aManifestOfTheWrongShapeIsReported() throws {
        let found = try fixture([".claude-plugin/marketplace.json": #"{"name": "m", "plugins": {"a": 1}}"#])
        #expect(found.diagnostics("invalid-plugin-manifest").map(\.message) == ["`plugins` must be a list, found an object"])
        let skills = try fixture([".claude-plugin/plugin.json": #"{"name": "p", "skills": [3]}"#])
        #expect(skills.diagnostics("invalid-plugin-manifest").map(\.message) == ["a skill path must be a string, found a number"])
    }

    @Test func jsonValuesAreReadExactly() throws {
        let json = try LocatedJSONParser.parse(Array(#"{"a": ["x\u00e9\ud83d\ude00\n", -1.5e3, true, null], "b": {}}"#.utf8))
        #expect(json["a"]?.array?.first?.string == "xé😀\n")
        #expect(json["a"]?.array?.count == 4)
        #expect(json["b"]?.kindName == "an object")
    }

    /// Mutated manifests (bytes dropped, doubled, replaced, truncated) never crash the reader, and
    /// every error has a position inside the text.
    @Test func mutatedManifestsAreReadOrReportedNeverCrash() {
        let valid = Array(#"{"name": "m", "plugins": [{"name": "a", "source": "./", "skills": ["./skills/alpha", "./x\u00e9"]}], "n": -1.5e3}"#.utf8)
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array(#"{}[]",:\ u0e-+.tfn"#.utf8) + [0x0A, 0xC3, 0xA9, 0xFF]
        var errors = 0
        for _ in 0..<2000 {
            var bytes = valid
            for _ in 0..<(1 + next(4)) {
                let index = next(bytes.count)
                switch next(4) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(bytes[index], at: index)
                case 2: bytes[index] = alphabet[next(alphabet.count)]
                default: bytes.removeLast(bytes.count - index)
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
            }
            do {
                _ = try LocatedJSONParser.parse(bytes)
            } catch {
                errors += 1
                #expect(error.line >= 1 && error.line <= bytes.filter { $0 == 0x0A }.count + 1)
                #expect(error.column >= 1 && error.column <= bytes.count + 1)
            }
        }
        #expect(errors > 1000)
    }
}
