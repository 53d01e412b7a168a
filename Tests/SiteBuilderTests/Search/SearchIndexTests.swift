import Foundation
import SkillParser
import TestSupport
import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// The index: sections, weights, the file format and its round trip.
@Suite struct SearchIndexTests {
    @Test func splitsPagesIntoSectionsAtH2AndH3Headings() throws {
        let sections = SearchFixtures.index.sections.filter { $0.page == "controls/references/toggles.html" }
        #expect(sections.map(\.anchor) == ["", "labels", "touch-targets", "platform-notes"])
        #expect(sections.map(\.heading) == ["", "Labels", "Touch targets", "Platform notes"])
        #expect(sections.allSatisfy { $0.pageTitle == "Toggles" && $0.skill == "controls" })
        #expect(sections[2].text.hasPrefix("Make touch targets at least 44 by 44 points"))
    }

    @Test func indexesTheSkillDescriptionAndKeepsCodeBlocksOutOfSnippets() throws {
        let opening = try #require(SearchFixtures.index.sections.first { $0.page == "feedback/index.html" && $0.anchor.isEmpty })
        #expect(opening.text.hasPrefix("Giving feedback with haptics"))
        let haptics = try #require(SearchFixtures.index.sections.first { $0.anchor == "haptics" })
        #expect(haptics.text.contains(".sensoryFeedback(.success, trigger: saved)"))
        #expect(!haptics.text.contains("Button(\"Save\")"))
        // The code block is indexed all the same.
        #expect(SearchFixtures.index.terms.contains { $0.term == "button" })
    }

    @Test func weighsTitlesAndHeadingsAboveTheBody() throws {
        let index = SearchFixtures.index
        let term = try #require(index.terms.first { $0.term == "slider" })
        let bySection = Dictionary(uniqueKeysWithValues: term.postings.map { ($0.section, $0.weight) })
        let heading = try #require(index.sections.firstIndex { $0.anchor == "sliders" })
        let body = try #require(index.sections.firstIndex { $0.page == "controls/index.html" && $0.anchor.isEmpty })
        #expect(try #require(bySection[heading]) > (bySection[body] ?? 0))
    }

    @Test func cutsALongSectionIntoPartsWithTheSameAnchor() throws {
        let paragraph = "Spacing matters in long guides about layout and rhythm. "
        let long = (0..<120).map { "\(paragraph)Paragraph \($0).\n\n" }.joined()
        let tree = try FixtureTree(["guide/SKILL.md": "# Guide\n\n## Spacing\n\n\(long)## Other\n\nShort.\n"])
        let index = SearchIndexBuilder.build(graph: try CollectionLoader.load(root: tree.path))
        let parts = index.sections.filter { $0.anchor == "spacing" }
        #expect(parts.count >= 2)
        #expect(parts.allSatisfy { $0.text.utf16.count <= SectionSplitter.chunkLength + 200 })
        #expect(index.continues(try #require(index.sections.lastIndex { $0.anchor == "spacing" })))
        // One result for the section, not one per part.
        let response = SearchEngine(index: index).search("spacing rhythm", options: SearchOptions(sectionsPerPage: 5))
        #expect(response.results.count == 1)
        #expect(response.results[0].sections.map(\.anchor) == ["spacing"])
    }

    @Test func writesAndReadsBackTheSameIndex() throws {
        let folder = try SearchFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var targets = SearchIndexLayout.Targets()
        targets.dictionary = 200
        targets.postings = 150
        targets.documents = 400
        // Small targets, so the fixture spreads over many files of each kind.
        let index = SearchIndexBuilder.build(graph: try CollectionLoader.load(root: SearchFixtures.collection.path),
                                             targets: targets)
        #expect(index.layout.dictionaryStarts.count > 3)
        #expect(index.layout.postingsStarts.count > 3)
        #expect(index.layout.documentStarts.count > 3)
        let sizes = try index.write(to: folder)
        let read = try SearchIndexReader.read(from: folder)
        #expect(read == index)
        #expect(sizes.files == 2 + index.layout.dictionaryStarts.count + index.layout.postingsStarts.count
                + index.layout.documentStarts.count)
        #expect(sizes.firstQueryMedian > 0 && sizes.firstQueryMedian <= sizes.firstQueryLargest)
        #expect(sizes.firstQueryLargest <= sizes.total)
    }

    /// Dictionary files are named by a digest of their first term; two first terms of the same
    /// digest (FNV-1a 32 of `glbvs` and `yacxa` are both 2713492047) still get two names.
    @Test func namesDictionaryFilesApartWhenTheirFirstTermsCollide() {
        let names = SearchIndexLayout.names(firstTerms: ["apple", "glbvs", "yacxa"])
        #expect(Set(names).count == 3)
        #expect(names[1] == String(2_713_492_047 as UInt32, radix: 36))
        #expect(names[2] == String(2_713_492_048 as UInt32, radix: 36))
        #expect(SearchIndexLayout.names(firstTerms: ["yacxa"]) == [names[1]])
        #expect(names.allSatisfy { $0.allSatisfy { $0.isNumber || ("a"..."z").contains($0) } })
    }

    /// The dictionary is cut where its terms say: an item that comes early moves the cuts up to
    /// the next marked item that closes a file, and none after it (a greedy cut moves them all).
    @Test func cutsByContentResynchroniseAfterAnInsertedItem() {
        var generator = SplitMix(seed: 11)
        let sizes = (0..<20_000).map { _ in 4 + Int(generator.next() % 20) }
        let digests = (0..<20_000).map { _ in generator.next() }
        func cut(_ sizes: [Int], _ digests: [UInt64]) -> [Int] {
            SearchIndexLayout.cutByContent(sizes, targetAt: { _ in 2_000 }, marks: { index, size, target in
                SearchIndexLayout.marked(hash: digests[index], size: size, target: target)
            })
        }
        let before = cut(sizes, digests)
        #expect(before.count > 50)
        let runs = zip(before, before.dropFirst() + [sizes.count]).map { sizes[$0..<$1].reduce(0, +) }
        #expect(runs.dropLast().allSatisfy { $0 >= 1_000 && $0 <= 2_400 })
        // One item more near the start: every cut after the first few is where it was, one item on.
        let after = cut([30] + sizes, [generator.next()] + digests)
        let moved = Set(before.map { $0 + 1 }).symmetricDifference(after.dropFirst())
        #expect(moved.allSatisfy { $0 < before[5] + 1 }, "\(moved.sorted())")
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    @Test func cutsChineseAndJapanesePairsIntoSmallerDictionaryFiles() throws {
        var targets = SearchIndexLayout.Targets()
        targets.dictionary = 100_000
        targets.pairDictionary = 20
        let index = SearchIndexBuilder.build(graph: try CollectionLoader.load(root: SearchFixtures.collection.path),
                                             targets: targets)
        let firstTerms = index.layout.dictionaryStarts.map { index.terms[$0].term }
        let isPair = { (term: String) in term.unicodeScalars.first.map(ScriptClasses.isCJK) == true }
        // Every other term fits in one file; the pairs (設定, 画面, …) are cut into several.
        #expect(firstTerms.filter { !isPair($0) }.count == 1)
        #expect(firstTerms.filter(isPair).count > 1)
        // What a query finds does not depend on how the files are cut.
        let pages = SearchEngine(index: index).search("設定画面").results.map(\.page)
        #expect(!pages.isEmpty)
        #expect(pages == SearchEngine(index: SearchFixtures.index).search("設定画面").results.map(\.page))
    }

    @Test func writesTheSameBytesEveryTime() throws {
        let first = SearchIndexEncoder.files(SearchFixtures.index)
        let again = SearchIndexEncoder.files(SearchIndexBuilder.build(graph: try CollectionLoader.load(root: SearchFixtures.collection.path)))
        #expect(first.map(\.path) == again.map(\.path))
        #expect(first.map(\.contents) == again.map(\.contents))
    }

    /// The JavaScript tests read Tests/search-js/fixture-index, written from the fixture collection
    /// (`SKILLBOOK_RECORD_GOLDEN=1 swift test --filter SearchIndexTests` rewrites it).
    @Test func checkedInIndexOfTheFixtureIsCurrent() throws {
        let files = SearchIndexEncoder.files(SearchFixtures.index)
        if ProcessInfo.processInfo.environment["SKILLBOOK_RECORD_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: SearchFixtures.writtenIndex)
            try FileManager.default.createDirectory(at: SearchFixtures.writtenIndex, withIntermediateDirectories: true)
            try SearchFixtures.index.write(to: SearchFixtures.writtenIndex)
        }
        for file in files {
            let recorded = FileManager.default.contents(atPath: SearchFixtures.writtenIndex.appendingPathComponent(file.path).path)
            #expect(recorded == Data(file.contents), "\(file.path) differs; rerun with SKILLBOOK_RECORD_GOLDEN=1")
        }
    }

    @Test func refusesFilesItCannotRead() throws {
        let folder = try SearchFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try SearchFixtures.index.write(to: folder)
        try Data("skillbookSearchData(\"entry\",0,{\"version\":99});\n".utf8).write(to: folder.appendingPathComponent("entry.js"))
        #expect(throws: SearchIndexReader.FormatError.self) { try SearchIndexReader.read(from: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("entry.js"))
        #expect(throws: SearchIndexReader.FormatError.self) { try SearchIndexReader.read(from: folder) }
    }

    @Test func compactNumbersRoundTrip() throws {
        let values = [0, 1, 31, 32, 33, 1023, 1024, 65_535, 1_000_000, Int(Int32.max)]
        var text: [UInt8] = []
        for value in values { CompactNumbers.append(value, to: &text) }
        #expect(text.allSatisfy { CompactNumbers.alphabet.contains($0) })
        var reader = CompactNumbers.Reader(text)
        var read: [Int] = []
        while !reader.atEnd { read.append(try reader.next()) }
        #expect(read == values)
    }

    @Test func sharedWordsShortenTextsAndDecodeBack() throws {
        let texts = Array(repeating: "Accessibility labels describe controls; accessibility matters.", count: 20) + ["Other text"]
        let words = TextCodebook.build(texts)
        #expect(words.contains("accessibility") || words.contains("Accessibility"))
        let codes = TextCodebook.codes(words)
        let coded = TextCodebook.encode(texts[0], codes: codes)
        #expect(coded.count < texts[0].utf8.count)
        #expect(try TextCodebook.decode(String(decoding: coded, as: UTF8.self), words: words) == texts[0])
    }

    @Test func frontCodingSharesWholeCharactersCountedInUTF16() {
        func coded(_ shared: Int, _ rest: String) -> [UInt8] { [CompactNumbers.digit(shared)] + Array(rest.utf8) }
        #expect(SearchIndexEncoder.frontCoded("café", after: "cafe") == coded(3, "é"))
        #expect(SearchIndexEncoder.frontCoded("cafés", after: "café") == coded(4, "s"))
        // A character outside the BMP is two UTF-16 units, which the browser counts.
        #expect(SearchIndexEncoder.frontCoded("a😀b", after: "a😀c") == coded(3, "b"))
        #expect(SearchIndexEncoder.frontCoded("設定画面", after: "設定") == coded(2, "画面"))
        #expect(SearchIndexEncoder.frontCoded("toggle", after: "") == coded(0, "toggle"))
        // At most 63 units, and never half a character.
        let long = String(repeating: "a", count: 70)
        #expect(SearchIndexEncoder.frontCoded(long, after: long) == coded(63, "aaaaaaa"))
        let edge = String(repeating: "a", count: 62) + "😀"
        #expect(SearchIndexEncoder.frontCoded(edge, after: edge) == coded(62, "😀"))
        #expect(SearchIndexEncoder.difference(from: "toggl", to: "toggle") == (0, Array("e".utf8)))
        #expect(SearchIndexEncoder.difference(from: "categori", to: "category") == (1, Array("y".utf8)))
    }

    @Test func sharedWordsKeepTheirCodesWhenOneOvertakesAnother() {
        let texts = Array(repeating: "interface interface interface navigation navigation toolbar", count: 10)
        let words = TextCodebook.build(texts)
        #expect(Set(words) == ["interface", "navigation", "toolbar"])
        // "toolbar" now saves the most: the same words, so the same codes.
        let edited = texts + Array(repeating: "toolbar toolbar toolbar toolbar toolbar toolbar", count: 10)
        #expect(TextCodebook.build(edited) == words)
    }
}
