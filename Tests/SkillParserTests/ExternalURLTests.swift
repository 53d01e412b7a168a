import Testing
import SkillDuplicates
@testable import SkillParser

/// `ExternalURL.isWellFormed` reads ASCII URLs byte by byte and others by characters; both
/// walks must answer alike, and the answers must be the ones the link check documents.
@Suite struct ExternalURLTests {
    @Test func placeholdersAreNotWellFormedAndRealURLsAre() {
        for url in ["https://example.com/a?b#c", "http://user:pw@host.example:8080/x", "https://[::1]:8080/", "mailto:x@y.z",
                    "HTTPS://Example.COM", "ftp://files.example.org", "https://a.b/%5C", "tel:+1-555"] {
            #expect(ExternalURL.isWellFormed(url), "\(url)")
        }
        for url in ["http://host:port", "https:///path", "https:example.com", "https://[::1", "https://ex ample.com",
                    "https://a%5Cb.com", "https://a%5cb.com", "http://", "https://host:80a/", "https://a!b.com"] {
            #expect(!ExternalURL.isWellFormed(url), "\(url)")
        }
    }

    @Test func theByteWalkAnswersAsTheCharacterWalkOnEveryASCIIURL() {
        let pieces = ["http", "HTTPS", "ftp", "mailto", "x", ":", "//", "/", "@", "[", "]", "::1", ":80", ":", "8080", "port",
                      "host", "a.b", "-", "_", "~", "%", "%5C", "%5c", "5c", "?", "#", " ", "\r\n", "\t", "!", "", "ws"]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            var url = ""
            for _ in 0..<Int.random(in: 0..<8, using: &generator) { url += pieces.randomElement(using: &generator)! }
            var bytes = url
            let fast = bytes.withUTF8 { ExternalURL.asciiWellFormed($0) }
            #expect(fast == ExternalURL.characterWellFormed(url), "\(url.debugDescription)")
        }
        var text = "https://hôst.example"
        #expect(text.withUTF8 { ExternalURL.asciiWellFormed($0) } == nil)
        #expect(ExternalURL.isWellFormed(text))
    }

    @Test func theSchemeReadFromBytesIsTheOneReadByCharacters() {
        let pieces = ["java", "Script", "HTTPS", "data", ":", "\t", "\n", "\r\n", " ", "\u{0}", "\u{1F}", "//", "x", "é", "\u{301}",
                      "\u{A0}", "\u{2028}", "ü", "+", ".", "-", "", "MAILTO", "\u{600}"]
        var generator = SeededGenerator(seed: 12)
        var answered = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<7, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let general = ExternalURL.characterScheme(of: text)
            if let fast = ExternalURL.asciiScheme(of: text) {
                answered += 1
                #expect(fast == general, "\(text.debugDescription)")
            }
            #expect(ExternalURL.scheme(of: text) == general, "\(text.debugDescription)")
        }
        #expect(answered > 5_000, "the byte path answers most texts")
        #expect(ExternalURL.scheme(of: " Java\tScript:alert(1)") == "javascript")
        #expect(ExternalURL.scheme(of: "references/a.md") == nil)
        #expect(ExternalURL.asciiScheme(of: "x:\u{301}y") == nil, "a combining mark after the colon is read by characters")
    }
}
