import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillSearch

/// Issue 15: words close together count more than words far apart, and the page whose title
/// names the thing passes a page that lists it in passing.
@Suite struct SearchProximityTests {
    static func engine(_ files: [String: String]) throws -> (SearchEngine, FixtureTree) {
        let tree = try FixtureTree(files)
        return (SearchEngine(index: SearchIndexBuilder.build(graph: try CollectionLoader.load(root: tree.path))), tree)
    }

    static func slots(_ words: [String]) -> [SearchEngine.SlotTerms] {
        SearchQuery(words.joined(separator: " "), typing: false).slots.map {
            SearchEngine.SlotTerms(slot: $0, alternatives: [], accepted: Set($0.exact))
        }
    }

    @Test func closenessIsOneSideBySideAndFallsWithTheWordsBetween() {
        let slots = Self.slots(["quokka", "wombat"])
        #expect(SectionBoost.closeness("the wombat quokka", slots) == 1)
        #expect(SectionBoost.closeness("a quokka sees one small wombat", slots) == 0.25)
        #expect(SectionBoost.closeness("quokka " + String(repeating: "filler ", count: 8) + "wombat", slots) == 0)
        #expect(SectionBoost.closeness("only the quokka", slots) == 0)
    }

    @Test func aPageWithTheWordsCloseTogetherRanksAboveOneWithThemApart() throws {
        let apart = "The quokka sleeps in the day. Many other animals live on the island, and at night a wombat digs."
        let close = "At night the island is quiet. Many other animals live there too, and the quokka and wombat dig."
        let (engine, _) = try Self.engine(["a/SKILL.md": "# Alpha\n\n\(apart)\n", "b/SKILL.md": "# Beta\n\n\(close)\n"])
        let pages = engine.search("quokka wombat", options: SearchOptions(typing: false)).results.map(\.page)
        #expect(pages == ["b/index.html", "a/index.html"])
    }

    @Test func thePageTitledByTheThingPassesAPageThatListsAllTheWordsInPassing() {
        let slots = SearchQuery("eye tracking", typing: false).slots.map {
            SearchEngine.SlotTerms(slot: $0, alternatives: [], accepted: Set($0.exact))
        }
        let index = SearchSection(page: "inputs/index.html", anchor: "topics", pageTitle: "Inputs", heading: "Topics",
                                  parentHeading: "", skill: "inputs", text: "Pointers, the digital crown, eye tracking, gestures and remotes.")
        let eyes = SearchSection(page: "inputs/references/eyes.html", anchor: "best-practices", pageTitle: "Eyes",
                                 heading: "Best practices", parentHeading: "", skill: "inputs", text: "Keep content within the field of view.")
        let indexScore = SearchRanking.rerankedScore(10, boost: SectionBoost.factor(index, required: slots), missingWords: 0)
        let eyesScore = SearchRanking.rerankedScore(10, boost: SectionBoost.factor(eyes, required: slots), missingWords: 1)
        #expect(indexScore == 10 * (1 + SearchRanking.phraseBoost))
        #expect(eyesScore > indexScore)
        // Without the title, the page that lacks a word stays below.
        #expect(SearchRanking.rerankedScore(10, boost: 1, missingWords: 1) < indexScore)
    }
}
