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

/// The relevance set of Tests/search-relevance/queries.tsv on the shared corpora: the wanted
/// page first, in the top three, and the mean reciprocal rank, for our engine and, when Python's
/// `lunr` package is installed, for lunr on the same pages and queries (scripts/lunr-relevance.py).
enum RelevanceBenchmark {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let setFile = repository.appendingPathComponent("Tests/search-relevance/queries.tsv")

    /// Each corpus of the set, and its content root inside ../shared/corpora.
    static let corpora = [("hig-doctor", "hig-doctor/skills"), ("apple-hig-skills", "apple-hig-skills/skills"),
                          ("swiftui-expert", "swiftui-expert"), ("agentic-awesome-skills", "agentic-awesome-skills/skills")]

    static func run() throws {
        let set = try SearchRelevance(tsv: try String(contentsOf: setFile, encoding: .utf8))
        // `SKILLBOOK_RELEVANCE=hig-doctor,swiftui-expert` runs only those corpora.
        let only = ProcessInfo.processInfo.environment["SKILLBOOK_RELEVANCE"].map { Set($0.split(separator: ",").map(String.init)) }
        for (corpus, folder) in corpora where only?.contains(corpus) ?? true {
            let root = Corpora.root.appendingPathComponent(folder)
            guard FileManager.default.fileExists(atPath: root.path) else { continue }
            let index = SearchIndexBuilder.build(graph: try CollectionLoader.load(root: root.path))
            let outcomes = set.evaluate(index, corpus: corpus)
            let ours = SearchRelevance.Figures(ranks: outcomes.map(\.rank))
            print("relevance \(corpus): \(ours.queries) queries")
            print("  skillbook: " + line(ours))
            if let lunr = try lunrFigures(index: index, judgements: set.judgements(for: corpus), corpus: corpus) {
                print("  lunr:      " + line(lunr))
            } else {
                print("  lunr:      skipped (python3 with the lunr package not found; pip install lunr)")
            }
            for outcome in outcomes where outcome.rank != 1 {
                let rank = outcome.rank.map { "rank \($0)" } ?? "not in the top 10"
                print("  '\(outcome.judgement.query)': \(rank) (first: \(outcome.first ?? "nothing"))")
            }
        }
    }

    static func line(_ figures: SearchRelevance.Figures) -> String {
        String(format: "first %d/%d, top 3 %d/%d, MRR %.3f", figures.first, figures.queries, figures.topThree,
               figures.queries, figures.meanReciprocalRank)
    }

    /// lunr's figures on the index's pages (title, headings, text), or `nil` when it cannot run.
    static func lunrFigures(index: SearchIndex, judgements: [SearchRelevance.Judgement], corpus: String) throws -> SearchRelevance.Figures? {
        var pages: [[String: String]] = []
        for section in index.sections {
            if pages.last?["id"] != section.page {
                pages.append(["id": section.page, "title": section.pageTitle, "headings": "", "body": ""])
            }
            pages[pages.count - 1]["headings"]! += section.heading + "\n"
            pages[pages.count - 1]["body"]! += section.text + "\n"
        }
        let queries = judgements.map { ["query": $0.query, "wanted": SitePaths.page(forSource: $0.wanted)] }
        let input = SearchBenchmark.outputFolder.appendingPathComponent("relevance-\(corpus).json")
        try FileManager.default.createDirectory(at: SearchBenchmark.outputFolder, withIntermediateDirectories: true)
        let payload: [String: Any] = ["pages": pages, "queries": queries]
        try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appendingPathComponent("scripts/lunr-relevance.py").path, input.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let ranks = object["ranks"] as? [Any] else { return nil }
        return SearchRelevance.Figures(ranks: ranks.map { $0 as? Int })
    }
}
