import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SiteBuilder

@Suite struct MustacheInterpolationTests {
    private func render(_ source: String, _ context: MustacheValue) throws -> String {
        try MustacheTemplate(source).render(context)
    }

    @Test func escapesTheFiveHTMLCharacters() throws {
        let output = try render("{{x}}", ["x": "<a href=\"/\">Tom & Jerry's</a>"])
        #expect(output == "&lt;a href=&quot;/&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }

    @Test func leavesTextWithoutSpecialCharactersAlone() throws {
        #expect(try render("[{{x}}]", ["x": "Grüße, 世界 🙂"]) == "[Grüße, 世界 🙂]")
    }

    @Test func escapesBeforeACombiningMark() throws {
        // "<" followed by U+0301 is one Character; escaping works on scalars so the mark survives.
        #expect(try render("{{x}}", ["x": "<\u{301}b"]) == "&lt;\u{301}b")
    }

    @Test func tripleMustacheAndAmpersandAreRaw() throws {
        let context: MustacheValue = ["html": "<em>hi</em> & bye"]
        #expect(try render("{{{html}}}|{{& html}}", context) == "<em>hi</em> & bye|<em>hi</em> & bye")
    }

    @Test func formatsNumbersAndBooleans() throws {
        let context: MustacheValue = ["whole": 85, "fraction": 1.5, "big": 1e20, "yes": true, "no": false]
        #expect(try render("{{whole}} {{fraction}} {{big}} {{yes}} {{no}}", context) == "85 1.5 1e+20 true false")
    }

    @Test func missingNullListsAndObjectsRenderNothing() throws {
        let context: MustacheValue = ["null": nil, "list": [1, 2], "object": ["a": 1]]
        #expect(try render("[{{missing}}{{null}}{{list}}{{object}}]", context) == "[]")
    }

    @Test func dottedNamesResolveFromTheFirstPartOnly() throws {
        let context: MustacheValue = ["a": ["b": ["c": "deep"]], "c": "outer"]
        #expect(try render("{{a.b.c}}|{{a.c}}|{{#a.b}}{{c}}{{/a.b}}", context) == "deep||deep")
    }

    @Test func namesAreLookedUpInEnclosingContexts() throws {
        let context: MustacheValue = ["site": "Book", "pages": [["title": "One"], ["title": "Two", "site": "Own"]]]
        #expect(try render("{{#pages}}{{title}}@{{site}} {{/pages}}", context) == "One@Book Two@Own ")
    }

    @Test func aTemplateRendersTheSameManyTimes() throws {
        let template = try MustacheTemplate("<li>{{name}}</li>")
        let outputs = (0 ..< 3).map { template.render(["name": .string("n\($0)")]) }
        #expect(outputs == ["<li>n0</li>", "<li>n1</li>", "<li>n2</li>"])
    }
}
