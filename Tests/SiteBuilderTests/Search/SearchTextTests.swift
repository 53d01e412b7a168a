import Foundation
import Testing
@testable import SiteBuilder
import SkillParser
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch

/// Folding, stemming and tokenizing, on the cases the JavaScript engine passes too.
@Suite struct SearchTextTests {
    @Test func foldsCaseAndDiacritics() throws {
        let cases = try #require(try SearchFixtures.caseFile()["fold"] as? [[String]])
        for pair in cases { #expect(TextFolding.fold(pair[0]) == pair[1], "\(pair[0])") }
    }

    @Test func stemsInflectionsOfAWordToOneTerm() throws {
        let groups = try #require(try SearchFixtures.caseFile()["sameStem"] as? [[String]])
        for group in groups {
            let stems = Set(group.map(EnglishStemmer.stem))
            #expect(stems.count == 1, "\(group) → \(stems.sorted())")
        }
    }

    @Test func keepsDifferentWordsApart() throws {
        let pairs = try #require(try SearchFixtures.caseFile()["differentStems"] as? [[String]])
        for pair in pairs { #expect(EnglishStemmer.stem(pair[0]) != EnglishStemmer.stem(pair[1]), "\(pair)") }
    }

    @Test func leavesShortNumericAndNonASCIIWordsAlone() throws {
        let words = try #require(try SearchFixtures.caseFile()["unstemmed"] as? [String])
        for word in words { #expect(EnglishStemmer.stem(word) == word) }
    }

    @Test func tokenizesWordsIdentifiersNumbersAndCJK() throws {
        let cases = try #require(try SearchFixtures.caseFile()["tokenize"] as? [[String: Any]])
        #expect(cases.count > 10)
        for item in cases {
            let text = try #require(item["text"] as? String)
            let tokens = SearchTokenizer.tokens(text)
            #expect(tokens.map(\.term) == item["terms"] as? [String], "\(text)")
            if let kinds = item["kinds"] as? [String] { #expect(tokens.map(\.kind.rawValue) == kinds, "\(text)") }
            if let positions = item["positions"] as? [Int] { #expect(tokens.map(\.position) == positions, "\(text)") }
        }
    }

    @Test func reportsWhereEachTokenIsInUTF16Offsets() throws {
        let cases = try #require(try SearchFixtures.caseFile()["ranges"] as? [[String: Any]])
        for item in cases {
            let text = try #require(item["text"] as? String)
            let expected = try #require(item["tokens"] as? [[Any]])
            let tokens = SearchTokenizer.tokens(text).map { token -> [String] in
                let start = text.utf16.distance(from: text.startIndex, to: token.range.lowerBound)
                let end = text.utf16.distance(from: text.startIndex, to: token.range.upperBound)
                return [token.term, "\(start)", "\(end)"]
            }
            #expect(tokens == expected.map { $0.map { "\($0)" } }, "\(text)")
        }
    }

    @Test func splitsIdentifiersAtCaseChangesUnderscoresAndDigits() {
        func parts(_ word: String) -> [String] {
            let scalars = Array(word.unicodeScalars)
            return IdentifierSplitter.parts(scalars).map { String(String.UnicodeScalarView(scalars[$0])) }
        }
        #expect(parts("sensoryFeedback") == ["sensory", "Feedback"])
        #expect(parts("NavigationSplitView") == ["Navigation", "Split", "View"])
        #expect(parts("UIKit") == ["UI", "Kit"])
        #expect(parts("snake_case") == ["snake", "case"])
        #expect(parts("H264") == ["H", "264"])
        #expect(parts("plain") == ["plain"])
        #expect(parts("ÉcoleNormale") == ["École", "Normale"])
    }

    @Test func keepsSurfaceFormsOfStemmedWords() {
        let tokens = SearchTokenizer.tokens("toggling toggle")
        #expect(tokens.map(\.term) == ["toggl", "toggl"])
        #expect(tokens.map(\.surface) == ["toggling", "toggle"])
    }

    @Test func editDistanceCountsASwapOfNeighboursAsOneEdit() {
        func distance(_ a: String, _ b: String, _ limit: Int) -> Int {
            EditDistance.between(Array(a.utf16), Array(b.utf16), limit: limit) ?? limit + 1
        }
        #expect(distance("touch", "tuoch", 2) == 1)
        #expect(distance("target", "targte", 2) == 1)
        #expect(distance("target", "tgraet", 1) == 2)
        #expect(distance("abc", "abc", 1) == 0)
    }
}
