import Testing
@testable import SkillSearch

/// The shared words chosen by saving (`TextCodebook.choose`) are the first `capacity` of all
/// words ordered by saving, then bytes: the words at the last saving chosen are the ones a
/// whole sort keeps.
@Suite struct TextCodebookTests {
    @Test func chosenWordsAreThoseAWholeSortKeeps() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4 {
            var counts = TextCodebook.WordCounts()
            // Few lengths and counts: many words save the same.
            let wordCount = TextCodebook.capacity / 2 + round * TextCodebook.capacity / 2
            var words: [String: Int] = [:]
            while words.count < wordCount {
                let length = Int.random(in: 3...7, using: &generator)
                let word = String((0..<length).map { _ in "abcdefghij".randomElement(using: &generator)! })
                words[word] = Int.random(in: 1...6, using: &generator)
            }
            for (word, count) in words { counts.add(String(repeating: word + " ", count: count), times: 1) }
            let expected = words.compactMap { word, count -> (String, Int)? in
                let saving = count * (word.utf8.count - 2) - word.utf8.count - 1
                return saving > 0 ? (word, saving) : nil
            }.sorted { a, b in a.1 != b.1 ? a.1 > b.1 : Array(a.0.utf8).lexicographicallyPrecedes(Array(b.0.utf8)) }
                .prefix(TextCodebook.capacity).map(\.0).sorted(by: String.utf16Precedes)
            #expect(TextCodebook.choose(counts) == expected)
        }
    }
}
