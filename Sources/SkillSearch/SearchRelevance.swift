import Foundation
import SkillParser

/// A relevance set: queries and the page a reader wants for each, and how well an index answers
/// them. `Tests/search-relevance/queries.tsv` holds the set; the relevance test asserts the
/// figures and `make bench` prints them.
public struct SearchRelevance: Sendable {
    public struct Judgement: Sendable, Equatable {
        /// Which corpus the query is for (`both` for any).
        public var corpus: String
        public var query: String
        /// Markdown source of the wanted page, relative to the corpus's content root.
        public var wanted: String
    }

    public struct Outcome: Sendable {
        public var judgement: Judgement
        /// 1-based rank of the wanted page; `nil` when it is not in the first ten.
        public var rank: Int?
        /// The first result's page.
        public var first: String?
    }

    public var judgements: [Judgement]

    /// Reads the tab-separated file; `#` starts a comment line.
    public init(tsv text: String) throws {
        judgements = try text.split(separator: "\n", omittingEmptySubsequences: true).enumerated().compactMap { number, line in
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { return nil }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 3 else {
                throw SearchIndexReader.FormatError("line \(number + 1): expected corpus, query and page separated by tabs")
            }
            return Judgement(corpus: columns[0], query: columns[1], wanted: columns[2])
        }
    }

    /// The two HIG collections that `both` stands for.
    public static let bothCorpora: Set<String> = ["hig-doctor", "apple-hig-skills"]

    /// The judgements for `corpus` (and those marked `both`, for the two HIG collections).
    public func judgements(for corpus: String) -> [Judgement] {
        judgements.filter { $0.corpus == corpus || ($0.corpus == "both" && Self.bothCorpora.contains(corpus)) }
    }

    /// Runs each query of `corpus` as a finished query (not being typed) and finds the wanted page.
    public func evaluate(_ index: SearchIndex, corpus: String) -> [Outcome] {
        let engine = SearchEngine(index: index)
        return judgements(for: corpus).map { judgement in
            let response = engine.search(judgement.query, options: SearchOptions(limit: 10, typing: false))
            let wantedPage = SitePaths.page(forSource: judgement.wanted)
            let rank = response.results.firstIndex { $0.page == wantedPage }.map { $0 + 1 }
            return Outcome(judgement: judgement, rank: rank, first: response.results.first?.page)
        }
    }

    /// The figures of a run: queries, wanted page first, in the first three, and the mean
    /// reciprocal rank (1 / rank of the wanted page, 0 when it is not in the first ten).
    public struct Figures: Sendable, Equatable {
        public var queries: Int
        public var first: Int
        public var topThree: Int
        public var meanReciprocalRank: Double

        /// From the 1-based ranks of the wanted pages (`nil`: not in the first ten).
        public init(ranks: [Int?]) {
            queries = ranks.count
            first = ranks.filter { $0 == 1 }.count
            topThree = ranks.filter { ($0 ?? 99) <= 3 }.count
            meanReciprocalRank = ranks.reduce(0) { $0 + ($1.map { 1 / Double($0) } ?? 0) } / Double(max(1, ranks.count))
        }
    }

    /// Shares of outcomes with the wanted page first, and in the first three.
    public static func shares(_ outcomes: [Outcome]) -> (top1: Double, top3: Double) {
        let count = Double(max(1, outcomes.count))
        return (Double(outcomes.filter { $0.rank == 1 }.count) / count,
                Double(outcomes.filter { ($0.rank ?? 99) <= 3 }.count) / count)
    }
}
