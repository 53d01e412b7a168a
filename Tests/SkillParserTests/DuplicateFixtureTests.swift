import Foundation
import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

/// One fixture collection per case of issue 4, under Fixtures/dupes/.
@Suite struct DuplicateFixtureTests {
    static func clusters(in fixture: String, options: DuplicateOptions = DuplicateOptions()) throws -> [DuplicateCluster] {
        let root = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/dupes/\(fixture)")
        return DuplicateFinder(options: options).clusters(in: try CollectionLoader.load(root: root.path))
    }

    @Test func identicalRulesAreExactDespiteMarkdownCaseAndPunctuation() throws {
        let clusters = try Self.clusters(in: "identical")
        #expect(clusters.count == 1)
        let cluster = try #require(clusters.first)
        #expect(cluster.representative == "Always write alt text for every image in the app.")
        #expect(cluster.members.map(\.match) == [.exact, .exact])
        #expect(cluster.members.map(\.similarity) == [1, 1])
        #expect(cluster.members.map(\.location.file) == ["alpha/SKILL.md", "beta/references/images.md"])
        #expect(cluster.members.map(\.skill) == ["alpha", "beta"])
        #expect(cluster.members[1].headingPath == ["Images in Beta", "Accessibility"])
        #expect(cluster.skillCount == 2)
        #expect(cluster.isCrossSkillDuplicate)
    }

    @Test func reorderedWordsAreNearDuplicates() throws {
        let cluster = try #require(try Self.clusters(in: "reordered").first)
        #expect(cluster.count == 2)
        let other = try #require(cluster.members.first { $0.match != .exact })
        #expect(other.match == .near)
        #expect(other.similarity > 0.85 && other.similarity < 1)
    }

    @Test func oneChangedWordIsANearDuplicate() throws {
        let cluster = try #require(try Self.clusters(in: "one-word-changed").first)
        #expect(cluster.members.map(\.match).sorted { $0.rawValue < $1.rawValue } == [.exact, .near])
        let near = try #require(cluster.members.first { $0.match == .near })
        #expect(near.similarity >= DuplicateOptions().threshold && near.similarity < 0.9)
    }

    @Test func aShortRuleRestatedInsideALongerOneIsContained() throws {
        let clusters = try Self.clusters(in: "contained")
        #expect(clusters.count == 1)
        let cluster = try #require(clusters.first)
        let long = try #require(cluster.members.first { $0.skill == "beta" })
        let short = try #require(cluster.members.first { $0.skill == "alpha" })
        #expect(Set([long.match, short.match]) == [.exact, .contained])
        #expect(cluster.members.first { $0.match == .contained }?.similarity == 1)
        #expect(short.headingPath == ["Alpha", "Performance"])
    }

    @Test func rulesThatShareASentenceCluster() throws {
        let cluster = try #require(try Self.clusters(in: "shared-sentence").first)
        #expect(cluster.count == 2)
        #expect(Set(cluster.members.map(\.match)) == [.exact, .sharedSentence])
        #expect(cluster.members.first { $0.match == .sharedSentence }?.similarity == 1)
    }

    @Test func rulesOnTheSameTopicThatSayDifferentThingsDoNotMatch() throws {
        #expect(try Self.clusters(in: "same-topic").isEmpty)
        // Even a much lower threshold keeps "do X" and "don't do X" apart.
        var loose = DuplicateOptions()
        loose.threshold = 0.3
        let clusters = try Self.clusters(in: "same-topic", options: loose)
        #expect(!clusters.contains { cluster in cluster.members.contains { $0.text.hasPrefix("Don") } })
    }

    @Test func minWordsIgnoresShortRules() throws {
        var options = DuplicateOptions()
        options.minWords = 11
        #expect(try Self.clusters(in: "identical", options: options).isEmpty)
        options.minWords = 10
        #expect(try Self.clusters(in: "identical", options: options).count == 1)
    }
}

@Suite struct DuplicateReferenceListTests {
    @Test func listsOfLinksAreNotRules() throws {
        let sources = "## Sources\n\n- https://developer.apple.com/documentation/swiftui/view/safeareainset\n"
            + "- [Human Interface Guidelines: Layout and organization](https://developer.apple.com/design/human-interface-guidelines/layout)\n"
        let statements = ["a", "b"].flatMap { skill in
            var diagnostics: [Diagnostic] = []
            let document = MarkdownDocument(path: "\(skill)/SKILL.md", text: sources, diagnostics: &diagnostics)
            return document.rules.map {
                RuleStatement(skill: skill, location: $0.location, headingPath: $0.headingPath, text: $0.text, inlines: $0.inlines)
            }
        }
        #expect(statements.count == 4)
        #expect(DuplicateFinder().clusters(in: statements, skillCount: 2).isEmpty)
        // The same words as plain text are a rule like any other.
        let plain = statements.map { RuleStatement(skill: $0.skill, location: $0.location, text: $0.text) }
        #expect(DuplicateFinder().clusters(in: plain, skillCount: 2).count == 2)
    }
}
