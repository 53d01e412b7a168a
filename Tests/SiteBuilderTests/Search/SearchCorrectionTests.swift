import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillSearch

/// A misspelt word finds the pages about the word the reader most likely meant: of the terms one
/// edit away, the common one ("caching") counts more than a rare one that is as close ("CAC"),
/// even though rarity alone would favour the rare one.
@Suite struct SearchCorrectionTests {
    static let engine: SearchEngine = {
        let tree = try! FixtureTree([
            "http-cache/SKILL.md": "---\nname: http-cache\ndescription: Caching HTTP responses.\n---\n# Caching\n\nCaching responses saves a round trip; cached pages load at once.\n",
            "build-cache/SKILL.md": "---\nname: build-cache\ndescription: Build caches.\n---\n# Build cache\n\nA build cache keeps outputs; caching them skips work.\n\n## Remote cache\n\nA shared cache serves the whole team.\n",
            "memo/SKILL.md": "---\nname: memo\ndescription: Memoising functions.\n---\n# Memoising\n\nCaching a function's results trades memory for time.\n",
            "growth/SKILL.md": "---\nname: growth\ndescription: Growth metrics.\n---\n# CAC\n\nCAC is what a new customer costs.\n",
        ])
        return SearchEngine(index: SearchIndexBuilder.build(graph: try! CollectionLoader.load(root: tree.path)))
    }()

    @Test func theCommonCorrectionOutranksARareOneAsClose() {
        for query in ["cachng", "cachng "] {
            let response = Self.engine.search(query, options: SearchOptions(typing: !query.hasSuffix(" ")))
            let pages = response.results.map(\.page)
            // Both corrections are one edit away ("cach" + "ing", "cac" + "ing") and both find pages...
            #expect(response.terms.contains("cach") && response.terms.contains("cac"), "\(response.terms)")
            #expect(pages.contains("growth/index.html"), "\(pages)")
            // ...but the pages about caching come first (a page that names CAC in its heading
            // used to lead: "cac" is rarer, and rarity counted in full).
            #expect(Set(pages.prefix(2)) == ["http-cache/index.html", "build-cache/index.html"], "\(query): \(pages)")
        }
    }
}
