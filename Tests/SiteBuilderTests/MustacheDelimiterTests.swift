import Testing
@testable import SkillChecks
@testable import SkillSearch
@testable import SiteBuilder

@Suite struct MustacheDelimiterTests {
    @Test func setDelimitersChangesTheTagsThatFollow() throws {
        let template = try MustacheTemplate("{{=<% %>=}}<% x %> {{x}} <%{raw}%> <%& raw%>")
        #expect(template.render(["x": "<", "raw": "<b>"]) == "&lt; {{x}} <b> <b>")
    }

    @Test func delimitersCanChangeBack() throws {
        let template = try MustacheTemplate("{{= | | =}}|x||={{ }}=| {{x}}")
        #expect(template.render(["x": "1"]) == "1 1")
    }

    @Test func aStandaloneDelimiterTagRemovesItsLine() throws {
        #expect(try MustacheTemplate("a\n  {{=[ ]=}}  \n[x]\n").render(["x": "b"]) == "a\nb\n")
    }

    @Test func aPartialKeepsItsOwnDelimiters() throws {
        let partial = try MustacheTemplate("{{=[ ]=}}[x]")
        let page = try MustacheTemplate("{{>p}} {{x}}")
        #expect(page.render(["x": "v"], partials: ["p": partial]) == "v v")
    }

    @Test func jsonTemplatesWithBracesStayTextUnderOtherDelimiters() throws {
        let template = try MustacheTemplate("{{=<< >>=}}{\"a\": {\"b\": \"<<v>>\"}}")
        #expect(template.render(["v": "1"]) == "{\"a\": {\"b\": \"1\"}}")
    }
}
