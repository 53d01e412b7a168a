import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

@Suite struct MustacheSectionTests {
    private func render(_ source: String, _ context: MustacheValue) throws -> String {
        try MustacheTemplate(source).render(context)
    }

    @Test func listsRepeatTheSectionWithTheImplicitIterator() throws {
        #expect(try render("{{#tags}}<{{.}}>{{/tags}}", ["tags": ["a", "b&c"]]) == "<a><b&amp;c>")
    }

    @Test func objectsBecomeTheContext() throws {
        #expect(try render("{{#skill}}{{name}}{{/skill}}", ["skill": ["name": "layout"]]) == "layout")
    }

    @Test(arguments: [
        ("false", MustacheValue.bool(false)), ("null", .null), ("empty list", .list([])), ("empty string", .string("")),
    ])
    func falseyValuesSkipSectionsAndShowInvertedOnes(label: String, value: MustacheValue) throws {
        #expect(try render("{{#v}}yes{{/v}}{{^v}}no{{/v}}", ["v": value]) == "no", "\(label)")
    }

    @Test(arguments: [
        ("true", MustacheValue.bool(true)), ("zero", .number(0)), ("text", .string("x")), ("empty object", .object([:])),
    ])
    func truthyValuesRenderSectionsOnce(label: String, value: MustacheValue) throws {
        #expect(try render("{{#v}}yes{{/v}}{{^v}}no{{/v}}", ["v": value]) == "yes", "\(label)")
    }

    @Test func missingNamesAreFalsey() throws {
        #expect(try render("{{#nope}}a{{/nope}}{{^nope}}b{{/nope}}", [:]) == "b")
    }

    @Test func standaloneSectionLinesVanish() throws {
        let source = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n"
        #expect(try render(source, ["items": ["a", "b"]]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test func tagsSharingALineAreNotStandalone() throws {
        #expect(try render(" {{#a}}{{/a}} \n|", ["a": true]) == "  \n|")
    }

    @Test func standaloneCommentsVanishAndInlineOnesLeaveTheirLine() throws {
        #expect(try render("a\n  {{! note\n  more }}\nb {{! x }}c\n", [:]) == "a\nb c\n")
    }

    @Test func standaloneLinesKeepWindowsLineEndingsElsewhere() throws {
        #expect(try render("x\r\n{{#a}}\r\ny\r\n{{/a}}\r\nz", ["a": true]) == "x\r\ny\r\nz")
    }
}
