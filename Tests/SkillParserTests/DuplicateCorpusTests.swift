import Foundation
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

/// Issue 4's findings on the shared corpora; skipped when ../shared is absent.
@Suite struct DuplicateCorpusTests {
    static let appleHIG = TestPaths.shared("corpora/apple-hig-skills/skills")
    static let agentic = TestPaths.shared("corpora/agentic-awesome-skills/skills")

    /// Loaded once for the tests that need it.
    static let appleHIGClusters: [DuplicateCluster] = {
        guard let root = appleHIG, let graph = try? CollectionLoader.load(root: root.path) else { return [] }
        return DuplicateFinder().clusters(in: graph)
    }()

    /// The cluster that has a member at `file:line`.
    private func cluster(at file: String, line: Int, in clusters: [DuplicateCluster]) throws -> DuplicateCluster {
        try #require(clusters.first { $0.members.contains { $0.location.file == file && $0.location.line == line } })
    }

    @Test(.enabled(if: appleHIG != nil))
    func appleHIGActivityRingRulesAreStatedInTwoSkills() throws {
        let clusters = Self.appleHIGClusters
        let rings = "hig-components-status/references/activity-rings.md"
        let health = "hig-technologies/references/healthkit.md"
        for (text, ringsLine, healthLine) in [("Don’t use Activity rings for branding.", 54, 49),
                                               ("Differentiate other ring-like elements from Activity rings.", 48, 55)] {
            let found = try cluster(at: rings, line: ringsLine, in: clusters)
            #expect(found.representative.hasPrefix(text))
            let members = found.members.map { "\($0.location.file):\($0.location.line)" }
            #expect(members == ["\(rings):\(ringsLine)", "\(health):\(healthLine)"])
            #expect(found.members.map(\.match) == [.exact, .exact])
            #expect(found.members.map(\.skill) == ["hig-components-status", "hig-technologies"])
            #expect(found.isCrossSkillDuplicate)
        }
    }

    @Test(.enabled(if: appleHIG != nil))
    func appleHIGTwoFactorSentenceIsSharedByPrivacyAndManagingAccounts() throws {
        let clusters = Self.appleHIGClusters
        let found = try cluster(at: "hig-foundations/references/privacy.md", line: 170, in: clusters)
        let accounts = try #require(found.members.first { $0.location.file == "hig-patterns/references/managing-accounts.md" })
        #expect(accounts.location.line == 19)
        #expect(Set(found.members.map(\.match)) == [.exact, .sharedSentence])
        #expect(found.members.allSatisfy { $0.text.contains("augment security by requiring two-factor authentication") })
        #expect(found.skillCount == 2)
    }

    /// The first 150 skills of agentic-awesome-skills (the whole corpus runs in `make bench`):
    /// the "Limitations" block pasted into most of them is one boilerplate block of three rules.
    @Test(.enabled(if: agentic != nil))
    func agenticLimitationsBlockIsReportedOnceAsBoilerplate() throws {
        let source = try #require(Self.agentic)
        let folders = try FileManager.default.contentsOfDirectory(atPath: source.path).sorted().prefix(150)
        var files: [String: String] = [:]
        for folder in folders {
            let file = source.appendingPathComponent(folder).appendingPathComponent("SKILL.md")
            if let text = try? String(contentsOf: file, encoding: .utf8) { files[folder + "/SKILL.md"] = text }
        }
        let tree = try FixtureTree(files)
        let graph = try CollectionLoader.load(root: tree.path)
        let rule = "Use this skill only when the task clearly matches the scope described above."
        // Skills where the parser sees the line as a rule (an unclosed code fence hides it in one).
        let pasted = graph.documents.filter { $0.markdown.rules.contains { $0.text == rule } }.count
        #expect(pasted > 50)

        let clusters = DuplicateFinder().clusters(in: graph)
        let scope = try #require(clusters.first { $0.representative == rule })
        #expect(scope.boilerplate)
        #expect(!scope.isCrossSkillDuplicate)
        #expect(scope.skillCount == pasted)
        let block = clusters.filter { $0.block == scope.block }
        #expect(block.count == 3)
        #expect(block.allSatisfy { Boilerplate.dominantHeading($0) == "Limitations" })

        let report = DuplicateReportText().format(clusters)
        #expect(report.components(separatedBy: "\"\(rule)\"").count == 2)
        let skills = try #require(block.map(\.skillCount).max())
        #expect(skills >= pasted)
        #expect(report.contains("boilerplate block \(try #require(scope.block)) under \"Limitations\": 3 rules repeated in \(skills) skills"))
    }
}
