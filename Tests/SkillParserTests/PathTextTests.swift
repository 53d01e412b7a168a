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

    @Test func aPathsLastSegmentFromItsEndIsTheLastOfItsSplit() {
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<20_000 {
            let path = Self.text(&generator)
            #expect(PathSegments.last(path) == path.split(separator: "/").last, "\(path.debugDescription)")
        }
        #expect(PathSegments.last("skills/x/SKILL.md") == "SKILL.md")
        #expect(PathSegments.last("a/b//") == "b" && PathSegments.last("///") == nil && PathSegments.last("") == nil)
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

/// Where pages and files are published: folders without a `.` and short paths keep their names
/// (read from the bytes), the others are made safe segment by segment.
@Suite struct SitePathsTests {
    @Test func onlyNamesTheSiteCannotUseAreChanged() {
        #expect(SitePaths.renaming(forSource: "skills/a/references/b.md") == nil)
        #expect(SitePaths.page(forSource: "skills/a/references/b.md") == "skills/a/references/b.html")
        #expect(SitePaths.file(forSource: "skills/a/references/b.md") == "skills/a/references/b.md")
        #expect(SitePaths.page(forSource: "a/SKILL.md") == "a/index.html")
        #expect(SitePaths.renaming(forSource: "x.html/b.md") == "its folder `x.html` has the name of a page or file the site writes")
        #expect(SitePaths.page(forSource: "x.html/b.md") == "x.html-folder/b.html")
        #expect(SitePaths.file(forSource: "a/LLMS.TXT/s.svg") == "a/LLMS.TXT/s.svg.txt")
        #expect(SitePaths.page(forSource: "LLMS.TXT/s.md") == "LLMS.TXT-folder/s.html")
        #expect(SitePaths.page(forSource: "a/v1.2/b.md") == "a/v1.2/b.html")
        #expect(SitePaths.renaming(forSource: "a/v1.2/b.md") == nil)
        #expect(SitePaths.page(forSource: "a//b/c.md") == "a/b/c.html")
        let long = String(repeating: "f", count: 260)
        #expect(SitePaths.renaming(forSource: long + "/x.md") == "its folder name is too long for the disk once the site adds to it")
        #expect(SitePaths.renaming(forSource: String(repeating: "f", count: 250) + "/x.md") == nil)
        #expect(SitePaths.renaming(forSource: String(repeating: "n", count: 252) + ".md") == "its name plus `.html` is longer than a disk allows")
        #expect(SitePaths.renaming(forSource: String(repeating: "n", count: 250) + ".md") == nil)
        #expect(SitePaths.page(forSource: "é.html/b.md") == "é.html-folder/b.html")
    }
}
