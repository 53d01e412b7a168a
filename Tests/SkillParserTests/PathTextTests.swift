import Testing
import SkillDuplicates
@testable import SkillParser

/// The byte paths of `RelativePath.resolve` and `CodePath.looksLikePath` answer as the general
/// ones (segments, characters) on every text they take.
@Suite struct PathTextTests {
    static let pieces = ["a", "SKILL", ".md", "md", ".", "..", "/", "//", " ", "://", ":", "d", "x.md", "references", "é", "e\u{301}",
                         "/\u{301}", "\r\n", "", "-", "..."]

    static func text(_ generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0..<7, using: &generator) { text += pieces.randomElement(using: &generator)! }
        return text
    }

    @Test func joiningPlainPathsAsTextIsResolvingThemBySegments() {
        var generator = SeededGenerator(seed: 21)
        var plain = 0
        for _ in 0..<20_000 {
            let relative = Self.text(&generator), folder = Self.text(&generator)
            if RelativePath.isPlain(relative.utf8) { plain += 1 }
            #expect(RelativePath.resolve(relative, from: folder) == RelativePath.resolveBySegments(relative, from: folder),
                    "\(relative.debugDescription) from \(folder.debugDescription)")
        }
        #expect(plain > 1_000, "the text join is taken")
        #expect(RelativePath.resolve("references/a.md", from: "skills/x") == "skills/x/references/a.md")
        #expect(RelativePath.resolve("../y/SKILL.md", from: "skills/x") == "skills/y/SKILL.md")
        #expect(RelativePath.resolve("../../../a.md", from: "skills/x") == nil)
        #expect(!RelativePath.isPlain("a/./b".utf8) && !RelativePath.isPlain("a//b".utf8) && RelativePath.isPlain("a/.b/...".utf8))
    }

    @Test func aCodeSpanLooksLikeAPathByBytesAsByCharacters() {
        var generator = SeededGenerator(seed: 22)
        var paths = 0
        for _ in 0..<20_000 {
            let code = Self.text(&generator)
            let general = code.utf8.last == UInt8(ascii: "d") && CodePath.characterLooksLikePath(code)
            if general { paths += 1 }
            #expect(CodePath.looksLikePath(code) == general, "\(code.debugDescription)")
            if let ascii = CodePath.asciiLooksLikePath(code.utf8) {
                #expect(ascii == CodePath.characterLooksLikePath(code), "\(code.debugDescription)")
            }
        }
        #expect(paths > 200, "some texts look like paths")
        #expect(CodePath.looksLikePath("references/a.md") && CodePath.looksLikePath("SKILL.md"))
        #expect(!CodePath.looksLikePath("a.md") && !CodePath.looksLikePath("https://x/a.md") && !CodePath.looksLikePath("a b/c.md"))
    }
}
