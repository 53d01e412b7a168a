import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// Ranking on the fixture collection: what comes first, prefixes, typos, identifiers, CJK.
@Suite struct SearchRankingTests {
    @Test func putsTheSectionAboutTheWordsFirstAndLinksToItsAnchor() {
        #expect(SearchFixtures.first("touch target") == "controls/references/toggles.html#touch-targets")
        #expect(SearchFixtures.first("contrast ratio") == "accessibility/index.html#color-contrast")
        #expect(SearchFixtures.first("dynamic type") == "accessibility/index.html#dynamic-type")
    }

    @Test func ranksThePageTitledByTheQueryAboveAPageMentioningIt() {
        let pages = SearchFixtures.pages("toggles")
        #expect(pages.first == "controls/references/toggles.html")
        #expect(pages.contains("controls/index.html"))
    }

    @Test func findsInflectedFormsThroughTheStemmer() {
        #expect(SearchFixtures.pages("toggling").first == "controls/references/toggles.html")
        #expect(SearchFixtures.first("targets") == "controls/references/toggles.html#touch-targets")
    }

    @Test func listsResultsWithAllWordsBeforePartialMatches() {
        let response = SearchFixtures.engine.search("split view haptic", options: SearchOptions(typing: false))
        let matched = response.results.map(\.matched)
        #expect(matched == matched.sorted(by: >))
        #expect(response.results.allSatisfy { $0.words == 3 })
        // No section has all three words; the two that have two come first.
        #expect(matched.first == 2)
    }

    @Test func findsIdentifiersWholeAndByTheirParts() {
        #expect(SearchFixtures.first("sensoryFeedback") == "feedback/index.html#haptics")
        #expect(SearchFixtures.first("sensory feedback") == "feedback/index.html#haptics")
        #expect(SearchFixtures.first("split view") == "navigation/index.html#split-views")
        #expect(SearchFixtures.first("navigationsplitview") == "navigation/index.html#split-views")
    }

    @Test func matchesTheWordBeingTypedAsAPrefix() {
        #expect(SearchFixtures.first("touch targ", typing: true) == "controls/references/toggles.html#touch-targets")
        #expect(SearchFixtures.first("stepp", typing: true) == "controls/index.html#steppers")
        // Finished words (a space after them) are not prefixes.
        #expect(SearchFixtures.pages("stepp ").isEmpty)
        let finished = SearchFixtures.engine.search("touch targ", options: SearchOptions(typing: false))
        #expect(finished.results.first?.matched == 1)
        #expect(SearchFixtures.engine.search("touch targ").results.first?.matched == 2)
    }

    @Test func forgivesOneTypoInWordsOfFiveLettersOrMore() {
        #expect(SearchFixtures.first("accesibility") == "accessibility/index.html")
        #expect(SearchFixtures.first("tuoch targets") == "controls/references/toggles.html#touch-targets")
        #expect(SearchFixtures.first("slidres") == "controls/index.html#sliders")
        // Short words must be right: "tabz" is not "tab".
        #expect(SearchFixtures.pages("tabz").isEmpty)
        // Two typos are too many.
        #expect(SearchFixtures.pages("acessibilty").isEmpty)
    }

    @Test func offersTheClosestKnownWordsWhenNothingMatches() {
        let response = SearchFixtures.engine.search("acessibilty", options: SearchOptions(typing: false))
        #expect(response.results.isEmpty)
        #expect(response.suggestions.first == "accessibility")
        #expect(SearchFixtures.engine.search("qqqqqq").suggestions.isEmpty)
    }

    @Test func searchesJapaneseByCharacterPairs() {
        #expect(SearchFixtures.first("設定画面") == "localization/references/japanese.html#設定画面")
        #expect(SearchFixtures.first("画面") == "localization/references/japanese.html#設定画面")
        #expect(SearchFixtures.first("縦書き") == "localization/references/japanese.html#縦書き")
    }

    @Test func marksTheMatchedWordsInTheSnippet() throws {
        let response = SearchFixtures.engine.search("touch targets", options: SearchOptions(typing: false))
        let snippet = try #require(response.results.first?.sections.first?.snippet)
        let units = Array(snippet.text.utf16)
        let marked = snippet.marks.map { String(decoding: units[$0], as: UTF16.self) }
        #expect(marked == ["touch", "targets", "targets"])
        #expect(response.terms.contains("target"))
    }

    @Test func cutsTheSnippetAroundTheBestMatch() throws {
        let filler = (0..<40).map { "Filler sentence number \($0) says nothing." }.joined(separator: " ")
        let tree = try FixtureTree(["a/SKILL.md": "# A\n\n## Long\n\n\(filler) The rare quokka appears here. \(filler)\n"])
        let engine = SearchEngine(index: SearchIndexBuilder.build(graph: try CollectionLoader.load(root: tree.path)))
        let snippet = try #require(engine.search("quokka").results.first?.sections.first?.snippet)
        #expect(snippet.text.hasPrefix("…") && snippet.text.hasSuffix("…"))
        #expect(snippet.text.contains("rare quokka appears"))
        #expect(snippet.text.utf16.count <= SnippetMaker.length + 2)
        #expect(snippet.marks.count == 1)
    }

    @Test func groupsSectionsByPage() {
        let response = SearchFixtures.engine.search("toggle", options: SearchOptions(sectionsPerPage: 3, typing: false))
        let pages = response.results.map(\.page)
        #expect(Set(pages).count == pages.count)
        #expect(response.results.first?.sections.count ?? 0 > 1)
        #expect(response.total == pages.count)
    }

    @Test func leavesOutStopwordsAndFindsNothingForThemAlone() {
        #expect(SearchFixtures.pages("the of and").isEmpty)
        #expect(SearchFixtures.first("the touch of a target") == "controls/references/toggles.html#touch-targets")
    }

    @Test func listsTheFilesAFirstQueryLoads() {
        let files = SearchFixtures.engine.search("touch target").files
        #expect(files.first == "d/0.js" || files.contains("entry.js"))
        #expect(files.contains("entry.js"))
        #expect(files.contains { $0.hasPrefix("t/") } && files.contains { $0.hasPrefix("p/") } && files.contains { $0.hasPrefix("d/") })
        #expect(files == files.sorted())
    }

    /// The build's first-query figure skips re-ranking and snippets; the files must not change.
    @Test func firstQueryFilesAreTheFilesASearchLoads() throws {
        var targets = SearchIndexLayout.Targets()
        targets.dictionary = 200
        targets.postings = 150
        targets.documents = 400
        // Small files, so that results spread over many document files and a reordering would show;
        // the repository's own collection, so that queries find more pages than are re-ranked.
        let root = TestPaths.repository.appendingPathComponent("Content").path
        let index = SearchIndexBuilder.build(graph: try CollectionLoader.load(root: root), targets: targets)
        let engine = SearchEngine(index: index)
        let queries = index.sampleQueries().prefix(6) + ["touch target", "button", "color contrast", "colr", "tuch targt",
                                               "設定画面", "zzzzqx", "contr", "the"]
        let manyPages = queries.filter { engine.search($0).total > SearchRanking.rerankWindow }
        #expect(!manyPages.isEmpty, "no query finds more pages than the re-ranking window")
        for query in queries {
            #expect(engine.firstQueryFiles(query) == engine.search(query).files, "\(query)")
        }
        // As the build runs them: one after another in ranking room they share, twice over so
        // that every query follows another.
        let run = Array(queries + queries)
        for first in index.firstQueryFiles(run) {
            #expect(SearchEngine.files(first.files, loaded: first.sections, of: index) == engine.search(first.query).files,
                    "\(first.query)")
        }
    }
}
