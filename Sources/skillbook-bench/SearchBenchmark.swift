import Foundation
import SiteBuilder
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Size and build time of the search index of each shared corpus, and Swift query latency.
/// (`make bench` also runs the JavaScript engine on the written index under Node.)
enum SearchBenchmark {
    /// `.build/search-bench/<corpus>/`: the written indexes.
    static let outputFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/search-bench")

    static func run() throws {
        for corpus in Corpora.available {
            let graph = try CollectionLoader.load(root: corpus.path)
            let markdownBytes = graph.documents.reduce(0) { total, document in
                let url = URL(fileURLWithPath: graph.root).appendingPathComponent(document.path)
                return total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
            }
            let start = Date()
            let index = SearchIndexBuilder.build(graph: graph)
            let built = Date().timeIntervalSince(start)
            // Kept for `make bench`, which then measures the JavaScript engine on it under Node.
            let folder = outputFolder.appendingPathComponent(corpus.name.split(separator: "/").first.map(String.init) ?? corpus.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let writeStart = Date()
            let sizes = try index.write(to: folder)
            let written = Date().timeIntervalSince(writeStart)
            print(String(format: "search index %@: %d sections, %d terms; built in %.2f s, written in %.2f s",
                         corpus.name, index.sections.count, index.terms.count, built, written))
            print(String(format: "  index %@ in %d files, %.0f%% of the %@ of Markdown indexed; first query downloads %@ (median of sample queries), at most %@",
                         kilobytes(sizes.total), sizes.files, 100 * Double(sizes.total) / Double(max(1, markdownBytes)),
                         kilobytes(markdownBytes), kilobytes(sizes.firstQueryMedian), kilobytes(sizes.firstQueryLargest)))
            let engine = SearchEngine(index: index)
            let queries = index.sampleQueries()
            let queryStart = Date()
            for query in queries { _ = engine.search(query) }
            let perQuery = Date().timeIntervalSince(queryStart) / Double(max(1, queries.count))
            print(String(format: "  Swift engine: %.2f ms per query (%d sample queries)", perQuery * 1000, queries.count))
            print("  largest first download for the query '\(sizes.largestQuery)'")
        }
    }

    static func kilobytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1_000_000) : String(format: "%.0f KB", Double(bytes) / 1000)
    }
}

/// The relevance set of Tests/search-relevance/queries.tsv on the HIG corpora.
enum RelevanceBenchmark {
    static let setFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/search-relevance/queries.tsv")

    static func run() throws {
        let set = try SearchRelevance(tsv: try String(contentsOf: setFile, encoding: .utf8))
        for corpus in ["hig-doctor", "apple-hig-skills"] {
            let root = Corpora.root.appendingPathComponent(corpus).appendingPathComponent("skills")
            guard FileManager.default.fileExists(atPath: root.path) else { continue }
            let index = SearchIndexBuilder.build(graph: try CollectionLoader.load(root: root.path))
            let outcomes = set.evaluate(index, corpus: corpus)
            let shares = SearchRelevance.shares(outcomes)
            print(String(format: "relevance %@: %d queries, wanted page first for %.0f%%, in the top 3 for %.0f%%",
                         corpus, outcomes.count, shares.top1 * 100, shares.top3 * 100))
            for outcome in outcomes where outcome.rank != 1 {
                let rank = outcome.rank.map { "rank \($0)" } ?? "not in the top 10"
                print("  '\(outcome.judgement.query)': \(rank) (first: \(outcome.first ?? "nothing"))")
            }
        }
    }
}
