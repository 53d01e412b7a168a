import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillSearch

/// What a reader sees while typing: only the words that matched are marked, an exact word
/// outranks the words it begins, and a typo in an ending the stemmer cuts is still forgiven.
@Suite struct SearchTypingTests {
    static let engine: SearchEngine = {
        let tree = try! FixtureTree([
            "tabs/SKILL.md": "---\nname: tabs\ndescription: Tab bars.\n---\n# Tab bars\n\nA tab bar switches between top-level sections.\n",
            "barrels/SKILL.md": "---\nname: barrels\ndescription: Storage.\n---\n# Barrels\n\nA barrel tab holds the lid of a barrel.\n",
            "contrast/SKILL.md": "---\nname: contrast\ndescription: Text contrast.\n---\n# Text legibility\n\nKeep the contrast of body text at 4.5 to 1.\n",
            "losses/SKILL.md": "---\nname: losses\ndescription: Losses.\n---\n# ContrastiveLoss\n\n`ContrastiveLoss` pulls similar pairs together; contrastive learning needs pairs.\n",
            "cache/SKILL.md": "---\nname: cache\ndescription: Caching.\n---\n# Responses\n\nCaching responses saves a round trip.\n",
            "pubs/SKILL.md": "---\nname: pubs\ndescription: Evenings out.\n---\n# Evenings\n\nThe bar on the corner stays open late, and the one by the river closes early.\n",
        ])
        return SearchEngine(index: SearchIndexBuilder.build(graph: try! CollectionLoader.load(root: tree.path)))
    }()

    @Test func marksOnlyTheWordsThatMatched() {
        let response = Self.engine.search("tab bar", options: SearchOptions(typing: true))
        #expect(response.terms.contains("bar"))
        #expect(!response.terms.contains("barrel"), "\(response.terms)")
        #expect(response.results.first?.page == "tabs/index.html")
        // "A barrel tab holds the lid of a barrel.": only "tab" matched.
        let barrels = response.results.first { $0.page == "barrels/index.html" }
        #expect(barrels?.sections.first?.snippet.marks.count == 1, "\(String(describing: barrels?.sections.first?.snippet))")
    }

    @Test func anExactWordOutranksTheWordsItBegins() {
        let pages = Self.engine.search("contrast", options: SearchOptions(typing: true)).results.map(\.page)
        #expect(pages.first == "contrast/index.html", "\(pages)")
    }

    /// The dropdown searches as the query is typed, the results page once it is finished: for a
    /// last word that is already a word of the index, both list the same pages first, and the
    /// pages found only by completing it ("barrels" for "bar") come after them.
    @Test(arguments: ["bar", "tab bar", "contrast", "evenings bar"])
    func aFinishedWordRanksTheSameWhileTyped(query: String) {
        let finished = Self.engine.search(query, options: SearchOptions(typing: false)).results
        let typed = Self.engine.search(query, options: SearchOptions(typing: true)).results
        #expect(typed.prefix(finished.count).map(\.page) == finished.map(\.page), "\(typed.map(\.page))")
        #expect(typed.prefix(finished.count).map(\.score) == finished.map(\.score))
        #expect(typed.count >= finished.count)
    }

    @Test func pagesFoundByCompletingAFinishedWordComeLast() {
        let pages = Self.engine.search("bar", options: SearchOptions(typing: true)).results.map(\.page)
        #expect(pages.last == "barrels/index.html", "\(pages)")
        #expect(pages.contains("pubs/index.html"), "\(pages)")
    }

    @Test func aTypoInAStemmedEndingIsForgiven() {
        let pages = Self.engine.search("cachng", options: SearchOptions(typing: false)).results.map(\.page)
        #expect(pages.first == "cache/index.html", "\(pages)")
    }
}
