import Foundation
import Testing
import SkillDuplicates
@testable import SkillParser

/// `LinkTarget` takes destinations apart byte by byte where the text allows it; what it finds
/// must be what the character and Foundation readings find.
@Suite struct LinkTargetTests {
    @Test func percentDecodingByBytesIsFoundations() {
        let pieces = ["%", "%2", "%20", "%2f", "%2F", "%C3", "%A9", "%c3%a9", "%E2%82%AC", "%FF", "%00", "%zz", "%4", "a", "Z",
                      "/", "é", "#", "%25", "%%", "x y", "%F0%9F%98%80", "%80", "ü", "\u{301}", "%CC%81"]
        var generator = SeededGenerator(seed: 21)
        var answered = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<7, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let foundation = LinkTarget.foundationPercentDecoded(text)
            if let fast = LinkTarget.bytePercentDecoded(text.utf8) {
                answered += 1
                #expect(fast == foundation && Array(fast.utf8) == Array(foundation.utf8), "\(text.debugDescription)")
            }
            #expect(LinkTarget.percentDecoded(text) == foundation, "\(text.debugDescription)")
        }
        #expect(answered > 2_000, "the byte path answers most texts: \(answered)")
        #expect(LinkTarget.percentDecoded("a%20b%C3%A9") == "a bé")
        #expect(LinkTarget.bytePercentDecoded("%FF".utf8) == nil && LinkTarget.percentDecoded("%FF") == "%FF")
        #expect(LinkTarget.bytePercentDecoded("50%".utf8) == nil && LinkTarget.percentDecoded("50%") == "50%")
    }

    @Test func aSchemeReadFromBytesIsTheOneReadByCharacters() {
        let pieces = ["http", "HTTPS", "mailto", "x", "a1", "+", "-", ".", ":", "//", "/", "1", " ", "\r\n", "\t", "é", "\u{301}",
                      "ü", "_", "", "C", "9a", "?", "#"]
        var generator = SeededGenerator(seed: 22)
        var answered = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<7, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let characters = LinkTarget.characterHasScheme(text)
            if let fast = LinkTarget.byteHasScheme(text.utf8) {
                answered += 1
                #expect(fast == characters, "\(text.debugDescription)")
            }
            #expect(LinkTarget.hasScheme(text) == characters, "\(text.debugDescription)")
        }
        #expect(answered > 10_000, "the byte path answers most texts: \(answered)")
        #expect(LinkTarget.hasScheme("https://example.com") && LinkTarget.hasScheme("C:x") && !LinkTarget.hasScheme("1a:b"))
        #expect(LinkTarget.byteHasScheme("x:\u{301}y".utf8) == nil, "a combining mark after the colon is read by characters")
    }

    @Test func destinationsComeApartAsDocumented() {
        let target = LinkTarget(" <../a%20b/SKILL.md?x=1#Sec%C3%A9> ")
        #expect(target.kind == .relative && target.path == "../a b/SKILL.md" && target.anchor == "Secé")
        #expect(LinkTarget("#top").kind == .sameDocument && LinkTarget("mailto:a@b").kind == .external)
        #expect(LinkTarget("//cdn.example/x").kind == .external && LinkTarget("/docs/x.md").kind == .siteAbsolute)
        #expect(LinkTarget("").kind == .empty && LinkTarget("50%.md").path == "50%.md")
    }
}
