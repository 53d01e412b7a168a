import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillSearch

/// Issue 15: words close together count more than words far apart, the page whose title or
/// description names the thing passes a page that lists it in passing, and a page about the thing
/// passes a long page that mentions it once.
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
        let indexScore = SearchRanking.rerankedScore(10, boost: SectionBoost.factor(index, required: slots), missingWords: 0, focus: 0)
        let eyesScore = SearchRanking.rerankedScore(10, boost: SectionBoost.factor(eyes, required: slots), missingWords: 1, focus: 0)
        #expect(indexScore == 10 * (1 + SearchRanking.phraseBoost))
        #expect(eyesScore > indexScore)
        // Without the title, the page that lacks a word stays below.
        #expect(SearchRanking.rerankedScore(10, boost: 1, missingWords: 1, focus: 0) < indexScore)
    }

    @Test func aPageAboutTheThingPassesALongPageThatMentionsItOnce() throws {
        let diluted = "# Alpha\n\n## One\n\nThe quokka sleeps.\n\n## Two\n\nA wombat digs.\n\n## Three\n\nA koala climbs.\n\n## Four\n\nAn emu runs.\n"
        let focused = "# Beta\n\n## One\n\nThe quokka sleeps.\n\n## Two\n\nThe quokka hops.\n"
        let (engine, _) = try Self.engine(["a/SKILL.md": diluted, "b/SKILL.md": focused])
        let pages = engine.search("quokka", options: SearchOptions(typing: false)).results.map(\.page)
        #expect(pages == ["b/index.html", "a/index.html"])
    }

    @Test func focusIsTheShareOfThePageSectionsThatMatch() {
        #expect(SearchRanking.focus(matching: 2, sections: 4) == 0.5)
        #expect(SearchRanking.focus(matching: 1, sections: 0) == 0)
        #expect(SearchRanking.rerankedScore(10, boost: 1, missingWords: 0, focus: 1) == 10 * (1 + SearchRanking.pageFocus))
    }

    @Test func aPageTitleWithTheQueryAndOtherWordsEarnsAtLeastItsOverlap() {
        let slots = SearchQuery("state management", typing: false).slots.map {
            SearchEngine.SlotTerms(slot: $0, alternatives: [], accepted: Set($0.exact))
        }
        let titled = SearchSection(page: "state.html", pageTitle: "State Management Reference", text: "")
        let headed = SearchSection(page: "apis.html", anchor: "state-management", pageTitle: "Latest APIs",
                                   heading: "State Management", text: "")
        let overlap = SearchRanking.titleOverlapBoost * SectionBoost.titleOverlap(titled.pageTitle, slots)
        #expect(SectionBoost.factor(titled, required: slots) >= 1 + SearchRanking.phraseBoost + overlap)
        #expect(SectionBoost.factor(titled, required: slots) > SectionBoost.factor(headed, required: slots))
    }

    @Test func theSkillWhoseDescriptionNamesTheThingPassesOneThatMentionsIt() throws {
        let mentions = "---\nname: a\ndescription: Helps with terminal work daily.\n---\n# Alpha\n\nTmux sessions.\n"
        let describes = "---\nname: b\ndescription: Manages tmux sessions.\n---\n# Beta\n\nSome other words are here.\n"
        let (engine, _) = try Self.engine(["a/SKILL.md": mentions, "b/SKILL.md": describes])
        let pages = engine.search("tmux", options: SearchOptions(typing: false)).results.map(\.page)
        #expect(pages == ["b/index.html", "a/index.html"])
    }
}
