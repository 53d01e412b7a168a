import Foundation
@testable import SkillParser
import Testing
@testable import SiteBuilder

/// The byte searches render takes for ASCII text give what the character (and Foundation)
/// definitions they stand for give, and those definitions still decide for other text.
@Suite struct ASCIIFastPathTests {
    static let samples = ["", " ", "\t", "  a b  ", "\tName\t", "Name", " café ", "\u{00A0}x\u{00A0}", "x\u{2003}", "a\r\nb ",
                          "\u{3000}漢字 ", " \u{0301}a", "tab\t\tend\t ", "\n x \n"]

    @Test(arguments: samples)
    func trimmingSpacesIsFoundationsTrimming(text: String) {
        #expect(MarkdownHTML.trimmingSpaces(text) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func aCodeBlockLanguageKeepsLettersDigitsAndFiveSymbols() {
        #expect(CodeBlockHTML.sanitizedLanguage("C++") == "C++")
        #expect(CodeBlockHTML.sanitizedLanguage("objective-c_2.0#x") == "objective-c_2.0#x")
        #expect(CodeBlockHTML.sanitizedLanguage("js\"><script>") == "jsscript")
        #expect(CodeBlockHTML.sanitizedLanguage(String(repeating: "ab", count: 30)) == String(repeating: "ab", count: 20))
        // Other text goes by characters: a letter with an accent is one character, dropped, and
        // the cut at 40 counts characters.
        #expect(CodeBlockHTML.sanitizedLanguage("café") == "caf")
        #expect(CodeBlockHTML.sanitizedLanguage("é" + String(repeating: "a", count: 45)) == String(repeating: "a", count: 39))
        #expect(CodeBlockHTML.sanitizedLanguage("a\r\nb") == "ab")
    }

    @Test func aCodeSpanLooksLikeAPathToMarkdown() {
        for path in ["references/a.md", "../SKILL.md", "SKILL.md", "a/b/c.md", "réf/é.md"] {
            #expect(CodePath.looksLikePath(path), "\(path)")
        }
        for other in ["a.md", "notes.md ", "a b/c.md", "https://x.org/a.md", "x/a.mdx", "a/b.txt", "", "md", "d", "é d/x.md", "a::/b://c.md", "é://x/a.md"] {
            #expect(!CodePath.looksLikePath(other), "\(other)")
        }
        #expect(CodePath.looksLikePath("a:/b//c.md") && CodePath.looksLikePath("a:x:/b.md"))
    }
}
