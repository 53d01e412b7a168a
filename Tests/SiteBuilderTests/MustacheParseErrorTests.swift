import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

@Suite struct MustacheParseErrorTests {
    private func parseError(_ source: String) -> MustacheError? {
        do {
            _ = try MustacheTemplate(source, name: "page.mustache")
            return nil
        } catch {
            return error
        }
    }

    @Test func unclosedSectionPointsAtItsOpeningTag() throws {
        let error = try #require(parseError("<ul>\n  {{#items}}\n  <li>{{.}}</li>\n</ul>\n"))
        #expect(error.kind == .unclosedSection("items"))
        #expect((error.line, error.column) == (2, 3))
        #expect(error.description
            == "page.mustache:2:3: error: unclosed section `items`; add `{{/items}}` where it ends")
    }

    @Test func theInnermostUnclosedSectionIsReported() throws {
        let error = try #require(parseError("{{#a}}{{#b}}{{/b}}\n{{#c}}"))
        #expect(error.kind == .unclosedSection("c"))
        #expect((error.line, error.column) == (2, 1))
    }

    @Test func mismatchedSectionEndNamesBothSections() throws {
        let error = try #require(parseError("{{#a}}\n {{#b}}\n  {{/a}}\n{{/b}}"))
        #expect(error.kind == .mismatchedSectionEnd(expected: "b", found: "a", openedLine: 2, openedColumn: 2))
        #expect((error.line, error.column) == (3, 3))
        #expect(error.message.contains("opened at line 2, column 2"))
    }

    @Test func sectionEndWithoutOpening() throws {
        let error = try #require(parseError("x {{/a}}"))
        #expect(error.kind == .unopenedSectionEnd("a"))
        #expect((error.line, error.column) == (1, 3))
    }

    @Test func unclosedTagSaysWhichDelimiterIsMissing() throws {
        let error = try #require(parseError("ok\nthen {{name"))
        #expect(error.kind == .unclosedTag(closer: "}}"))
        #expect((error.line, error.column) == (2, 6))
        let triple = try #require(parseError("{{{name}}"))
        #expect(triple.kind == .unclosedTag(closer: "}}}"))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try #require(parseError("héllo 🙂 {{/x}}"))
        #expect((error.line, error.column) == (1, 9))
    }

    @Test(arguments: ["{{=<% =}}", "{{=a b c=}}", "{{=<%= %>=}}", "{{= =}}"])
    func badDelimiterChanges(source: String) throws {
        let error = try #require(parseError("line\n" + source))
        guard case .badDelimiters = error.kind else {
            Issue.record("expected a delimiter error, got \(error)")
            return
        }
        #expect((error.line, error.column) == (2, 1))
    }

    @Test func tagsNeedANameButCommentsDoNot() throws {
        #expect(parseError("{{}}")?.kind == .emptyTag)
        #expect(parseError("{{# }}")?.kind == .emptyTag)
        #expect(parseError("{{!}}") == nil)
    }

    @Test func errorsUseTheTemplateName() throws {
        #expect(throws: MustacheError.self) { try MustacheTemplate("{{#a}}", name: "layout.mustache") }
        let error = try #require(parseError("{{#a}}"))
        #expect(error.templateName == "page.mustache")
    }
}
