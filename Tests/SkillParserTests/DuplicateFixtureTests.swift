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

    @Test func aShortRuleRestatedInTheMiddleOfASentenceIsContainedAndLocated() throws {
        let clusters = try Self.clusters(in: "contained-mid-sentence")
        #expect(clusters.count == 1)
        let cluster = try #require(clusters.first)
        #expect(cluster.representative == "Always label icon-only buttons for VoiceOver.")
        let long = try #require(cluster.members.first { $0.skill == "beta" })
        #expect(long.match == .contained)
        #expect(long.similarity == 1)
        let span = try #require(long.span)
        #expect(!span.inRepresentative)
        #expect(span.text == "always label icon-only buttons for VoiceOver")
        let scalars = Array(long.text.unicodeScalars)
        #expect(String(String.UnicodeScalarView(scalars[span.start..<span.end])) == span.text)
        #expect(cluster.members.first { $0.skill == "alpha" }?.span == nil)
    }

    @Test func aSentenceOfTheLongerRuleIsItsSpan() throws {
        let cluster = try #require(try Self.clusters(in: "contained").first)
        let contained = try #require(cluster.members.first { $0.match == .contained })
        let span = try #require(contained.span)
        #expect(!span.inRepresentative)
        #expect(span.text == "Never block the main thread while loading images")
    }

    @Test func theSpanIsInTheRepresentativeWhenTheRepresentativeIsTheLongerRule() throws {
        let short = RuleStatement(skill: "b", location: SourceLocation(file: "b/SKILL.md", line: 9, column: 1),
                                  text: "Always label icon-only buttons for VoiceOver.")
        let long = RuleStatement(skill: "a", location: SourceLocation(file: "a/SKILL.md", line: 3, column: 1),
                                 text: "In a toolbar, always label icon-only buttons for VoiceOver, and keep labels short.")
        let cluster = try #require(DuplicateFinder().clusters(in: [short, long], skillCount: 2).first)
        #expect(cluster.representativeLocation == long.location)
        let member = try #require(cluster.members.first { $0.skill == "b" })
        #expect(member.match == .contained)
        #expect(member.span?.inRepresentative == true)
        #expect(member.span?.text == "always label icon-only buttons for VoiceOver")
        #expect(member.span.map { [$0.start, $0.end] } == [14, 58])
    }

    @Test func rulesInTheSameFrameThatSayDifferentThingsDoNotMatch() throws {
        #expect(try Self.clusters(in: "look-alike").isEmpty)
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

@Suite struct DuplicateLabelledSetTests {
    @Test func scoresFoundMissedAndWronglyJoinedPairs() throws {
        let set = try DuplicateLabelledSet(tsv: """
            # comment
            same\tAlways label icon-only buttons for VoiceOver.\tIn toolbars, always label icon-only buttons for VoiceOver and keep labels short.
            same\tRespect the user's choice of text size.\tRespect the text size people choose in Settings.
            different\tUse a sheet for a short task that people finish before going on.\tUse a full-screen cover for a long task that people may leave and resume.
            """)
        #expect(set.pairs.count == 3)
        let outcome = set.evaluate()
        #expect(outcome.found.map(\.first) == ["Always label icon-only buttons for VoiceOver."])
        #expect(outcome.missed.map(\.first) == ["Respect the user's choice of text size."])
        #expect(outcome.wronglyJoined.isEmpty)
        #expect(outcome.precision == 1)
        #expect(outcome.recall == 0.5)
    }

    @Test func aLineWithoutALabelIsAnError() {
        #expect(throws: DuplicateLabelledSet.FormatError.self) {
            try DuplicateLabelledSet(tsv: "maybe\tone rule\tanother rule\n")
        }
    }

    @Test func theLabelledSetOfTheBenchmarkReads() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("dupes-labelled/pairs.tsv")
        let set = try DuplicateLabelledSet(tsv: try String(contentsOf: file, encoding: .utf8))
        #expect(set.pairs.contains { $0.same } && set.pairs.contains { !$0.same })
    }
}
