import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// The browser's engine (Templates/assets/search.js, run by Node) and the Swift engine return the
/// same results, scores, snippets, suggestions and files for the same index.
@Suite struct SearchEngineAgreementTests {
    static let queries = [
        "touch target", "touch targ", "toggling", "toggles ", "sensoryFeedback", "sensory feedback", "split view",
        "NavigationSplitView", "contrast ratio 4.5", "accesibility", "tuoch targets", "acessibilty", "設定画面", "画面",
        "pre-permission", "the of and", "split view haptic", "slidres", "VoiceOver label", "zzzz", "",
        "togglng", "seting", "cachng", "permission", "navigation split", "control", "view", "navigation", "sensory feed", "split",
    ]

    @Test(.enabled(if: SearchFixtures.node != nil, "needs node (Debian package nodejs)"))
    func javaScriptAndSwiftEnginesAgree() throws {
        let folder = try SearchFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var targets = SearchIndexLayout.Targets()
        targets.dictionary = 300
        targets.postings = 200
        targets.documents = 500
        let index = SearchIndexBuilder.build(graph: try CollectionLoader.load(root: SearchFixtures.collection.path),
                                             targets: targets)
        try index.write(to: folder)
        let engine = SearchEngine(index: try SearchIndexReader.read(from: folder))

        let script = SearchFixtures.engineScript.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/search-js/query.js")
        let run = try runProcess(try #require(SearchFixtures.node), [script.path, folder.path] + Self.queries)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == Self.queries.count)

        for (query, line) in zip(Self.queries, lines) {
            let js = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let swift = engine.search(query)
            #expect(js["total"] as? Int == swift.total, "\(query)")
            #expect(js["terms"] as? [String] == swift.terms, "\(query)")
            #expect(js["suggestions"] as? [String] == swift.suggestions, "\(query)")
            #expect(js["files"] as? [String] == swift.files, "\(query)")
            let results = try #require(js["results"] as? [[String: Any]])
            #expect(results.count == swift.results.count, "\(query)")
            for (a, b) in zip(results, swift.results) {
                #expect(a["page"] as? String == b.page, "\(query)")
                #expect(a["matched"] as? Int == b.matched, "\(query)")
                #expect(abs((a["score"] as? Double ?? -1) - b.score) < 1e-9, "\(query)")
                let sections = try #require(a["sections"] as? [[String: Any]])
                for (x, y) in zip(sections, b.sections) {
                    #expect(x["url"] as? String == y.url(page: b.page), "\(query)")
                    let snippet = try #require(x["snippet"] as? [String: Any])
                    #expect(snippet["text"] as? String == y.snippet.text, "\(query)")
                    #expect(snippet["marks"] as? [[Int]] == y.snippet.marks.map { [$0.lowerBound, $0.upperBound] }, "\(query)")
                }
            }
        }
    }
}
