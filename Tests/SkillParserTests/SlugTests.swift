import Foundation
import Testing
import TestSupport
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct SlugTests {
    @Test func lowercasesAndTurnsEachSpaceIntoADash() {
        #expect(Slugger.baseSlug("Touch Targets") == "touch-targets")
        #expect(Slugger.baseSlug("a  b") == "a--b")  // runs are not collapsed
        #expect(Slugger.baseSlug(" padded ") == "-padded-")  // nothing is trimmed
    }

    @Test func removesPunctuationAndSymbolsButKeepsDashUnderscoreAndDigits() {
        #expect(Slugger.baseSlug("1. Query performance") == "1-query-performance")
        #expect(Slugger.baseSlug("Don't use `.sheet`!") == "dont-use-sheet")
        #expect(Slugger.baseSlug("snake_case-and-dash") == "snake_case-and-dash")
        #expect(Slugger.baseSlug("Colors & contrast (4.5:1)") == "colors--contrast-451")
        #expect(Slugger.baseSlug("Emoji 🎉 party") == "emoji--party")
    }

    @Test func keepsLettersAndMarksOfEveryScript() {
        #expect(Slugger.baseSlug("Café au lait") == "café-au-lait")
        #expect(Slugger.baseSlug("Привет мир") == "привет-мир")
        #expect(Slugger.baseSlug("日本語の見出し") == "日本語の見出し")
    }

    @Test func removesOtherNumbersAndNonASCIISeparators() {
        #expect(Slugger.baseSlug("x²") == "x")  // superscript two is "other number"
        #expect(Slugger.baseSlug("a\u{00A0}b") == "ab")  // no-break space is a separator, not ASCII space
    }

    @Test func theASCIIPathAgreesWithTheUnicodeRulesOnEveryASCIICharacter() {
        for value in 0..<128 {
            let text = "Ab\(Character(Unicode.Scalar(UInt8(value))))Z 9_-"
            #expect(Slugger.baseSlug(text) == Slugger.unicodeSlug(text), "character \(value)")
        }
    }

    @Test func repeatedHeadingsGetNumberedSuffixes() {
        var slugger = Slugger()
        #expect(slugger.slug("Example") == "example")
        #expect(slugger.slug("Example") == "example-1")
        #expect(slugger.slug("Example") == "example-2")
        #expect(slugger.slug("example-1") == "example-1-1")
    }

    @Test(.enabled(if: TestPaths.shared("conformance/github-slugger") != nil))
    func agreesWithGitHubOnEveryFixture() throws {
        let url = try #require(TestPaths.shared("conformance/github-slugger/fixtures.json"))
        struct Case: Decodable { var name: String; var input: String; var expected: String }
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
        #expect(cases.count == 78)
        var slugger = Slugger()
        for fixture in cases {
            let slug = slugger.slug(fixture.input)
            #expect(slug == fixture.expected, "\(fixture.name): \(fixture.input.debugDescription)")
        }
    }
}
