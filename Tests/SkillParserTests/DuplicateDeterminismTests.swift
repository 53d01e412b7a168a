import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct DuplicateDeterminismTests {
    /// Rules from a small vocabulary, with exact and one-word-changed copies across skills.
    static func statements() -> [RuleStatement] {
        var generator = SeededGenerator(seed: 11)
        let words = ["button", "label", "alert", "sheet", "menu", "colour", "contrast", "icon", "motion", "sound",
                     "show", "hide", "keep", "avoid", "prefer", "short", "clear", "large", "system", "custom"]
        var texts: [String] = []
        for _ in 0..<300 {
            let roll = Int.random(in: 0..<10, using: &generator)
            if roll < 2, let original = texts.randomElement(using: &generator) {
                texts.append(original)
            } else if roll < 4, let original = texts.randomElement(using: &generator) {
                var tokens = original.split(separator: " ").map(String.init)
                tokens[Int.random(in: 0..<tokens.count, using: &generator)] = words.randomElement(using: &generator)!
                texts.append(tokens.joined(separator: " "))
            } else {
                texts.append((0..<12).map { _ in words.randomElement(using: &generator)! }.joined(separator: " "))
            }
        }
        return texts.enumerated().map { index, text in
            RuleStatement(skill: "skill-\(index % 7)", location: SourceLocation(file: "skill-\(index % 7)/SKILL.md", line: index + 1),
                          text: text)
        }
    }

    @Test func inputOrderDoesNotChangeTheClusters() {
        let statements = Self.statements()
        let finder = DuplicateFinder()
        let clusters = finder.clusters(in: statements, skillCount: 7)
        #expect(clusters.count > 10)
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<3 {
            #expect(finder.clusters(in: statements.shuffled(using: &generator), skillCount: 7) == clusters)
        }
    }

    @Test func clustersAreSortedLargestFirstWithMembersInLocationOrder() {
        let clusters = DuplicateFinder().clusters(in: Self.statements(), skillCount: 7)
        for (first, second) in zip(clusters, clusters.dropFirst()) {
            #expect(first.count >= second.count)
        }
        for cluster in clusters {
            #expect(cluster.members.map(\.location) == cluster.members.map(\.location).sorted())
            #expect(cluster.members.contains { $0.location == cluster.representativeLocation && $0.match == .exact })
        }
    }

    @Test func everyVerifiedMemberIsSimilarEnoughToTheRepresentative() {
        let options = DuplicateOptions()
        for cluster in DuplicateFinder(options: options).clusters(in: Self.statements(), skillCount: 7) {
            for member in cluster.members {
                switch member.match {
                case .exact: #expect(member.similarity == 1)
                case .near: #expect(member.similarity >= options.threshold)
                case .contained, .sharedSentence: #expect(member.similarity >= options.effectiveSentenceThreshold)
                case .linked: #expect(member.similarity <= options.threshold)
                }
            }
        }
    }
}
