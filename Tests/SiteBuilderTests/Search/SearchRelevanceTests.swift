import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// The relevance set (Tests/search-relevance/queries.tsv) on the HIG corpora of ../shared: the
/// page a reader wants comes first for most queries and in the top three for nearly all.
@Suite struct SearchRelevanceTests {
    static let set = TestPaths.repository.appendingPathComponent("Tests/search-relevance/queries.tsv")

    @Test(.enabled(if: TestPaths.shared("corpora/hig-doctor") != nil, "needs ../shared/corpora"),
          arguments: ["hig-doctor", "apple-hig-skills"])
    func wantedPageComesFirstForMostQueries(corpus: String) throws {
        let relevance = try SearchRelevance(tsv: String(contentsOf: Self.set, encoding: .utf8))
        let root = try #require(TestPaths.shared("corpora/\(corpus)/skills"))
        let graph = try CollectionLoader.load(root: root.path)
        let index = SearchIndexBuilder.build(graph: graph)
        // Every wanted page exists, so a miss is the ranking's.
        for judgement in relevance.judgements(for: corpus) {
            #expect(graph.document(at: judgement.wanted) != nil, "\(judgement.wanted) is not in \(corpus)")
        }
        let outcomes = relevance.evaluate(index, corpus: corpus)
        #expect(outcomes.count >= 60)
        let shares = SearchRelevance.shares(outcomes)
        let misses = outcomes.filter { $0.rank != 1 }.map { "\($0.judgement.query) → \($0.rank.map(String.init) ?? "-")" }
        #expect(shares.top1 >= 0.75, "first for \(shares.top1): \(misses)")
        #expect(shares.top3 >= 0.9, "top 3 for \(shares.top3): \(misses)")
    }

    @Test func figuresCountFirstTopThreeAndMeanReciprocalRank() {
        let figures = SearchRelevance.Figures(ranks: [1, 2, nil, 4])
        #expect(figures.queries == 4)
        #expect(figures.first == 1)
        #expect(figures.topThree == 2)
        #expect(abs(figures.meanReciprocalRank - (1 + 0.5 + 0 + 0.25) / 4) < 1e-12)
    }

    @Test func bothStandsForTheTwoHIGCollectionsOnly() throws {
        let relevance = try SearchRelevance(tsv: "both\ttouch\ta.md\nswiftui-expert\tstate\tb.md\n")
        #expect(relevance.judgements(for: "swiftui-expert").map(\.query) == ["state"])
        #expect(relevance.judgements(for: "hig-doctor").map(\.query) == ["touch"])
    }

    @Test func readsTheSetAndRejectsMalformedLines() throws {
        let relevance = try SearchRelevance(tsv: "# comment\nboth\ttouch\ta.md\nhig-doctor\tx\tb.md\n")
        #expect(relevance.judgements(for: "apple-hig-skills").map(\.query) == ["touch"])
        #expect(relevance.judgements(for: "hig-doctor").count == 2)
        #expect(throws: SearchIndexReader.FormatError.self) { try SearchRelevance(tsv: "both\tno page\n") }
    }
}
