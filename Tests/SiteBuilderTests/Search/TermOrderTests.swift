import Testing
@testable import SkillSearch

/// The dictionary's order as the index sorts it (`SearchIndexBuilder.utf16Order`, which compares
/// the first eight bytes first) is `String.utf16Precedes`' order, where UTF-8 bytes and UTF-16
/// units disagree too: characters from U+E000 against four-byte ones, texts that are prefixes of
/// others within and past eight bytes, texts with a NUL, and the empty text.
@Suite struct TermOrderTests {
    @Test func sortsAsUTF16Does() {
        let pieces = ["a", "ab", "abc", "abcdefgh", "abcdefghi", "abcdefgh\u{0}", "abcdefg", "", "\u{0}", "z",
                      "\u{E000}", "\u{FFFD}", "\u{FF21}", "\u{1F600}", "\u{10000}", "é", "設定", "設定画面", "\u{D7FF}",
                      "ab\u{FFFD}", "ab\u{1F600}", "abcdefg\u{FFFD}", "abcdefg\u{1F600}", "abcdef\u{E000}x", "abcdef\u{1F600}x"]
        // Every pair of pieces joined, so that they differ at every place, before and after byte 8.
        var texts = Set(pieces)
        for first in pieces { for second in pieces { texts.insert(first + second) } }
        let list = Array(texts).sorted()
        let order = SearchIndexBuilder.utf16Order(list).map { list[$0] }
        #expect(order == list.sorted(by: String.utf16Precedes))
        // Where bytes alone would order them otherwise.
        #expect(order.firstIndex(of: "\u{1F600}")! < order.firstIndex(of: "\u{FFFD}")!)
        #expect(order.firstIndex(of: "abcdefg\u{1F600}")! < order.firstIndex(of: "abcdefg\u{FFFD}")!)
    }
}
