import Testing
@testable import SiteBuilder

@Suite struct MustacheEmbeddingTests {
    /// However the outer template reads the name, an embedded template gives the same bytes as
    /// its text given as a value of that name.
    @Test(arguments: ["<b>{{title}}</b>{{> p}}", "{{! nothing }}"])
    func anEmbeddedTemplateReadsAsItsText(inner source: String) throws {
        let inner = try MustacheTemplate(source)
        let partials = ["p": try MustacheTemplate("[{{title}}]\n")]
        let innerValues: MustacheValue = ["title": "a & b"]
        let text = inner.render(innerValues, partials: partials)
        let root: MustacheValue = ["title": "outer", "box": ["content": "boxed"], "other": ["x": 1]]
        let outers = [
            "{{{content}}}", "{{content}}", "{{& content}}", "{{#content}}({{.}}){{/content}}", "{{^content}}none{{/content}}",
            "{{#box}}{{{content}}}{{/box}}", "{{#other}}{{{content}}}{{/other}}", "[{{content.x}}]", "  {{> p}}\n{{{content}}}{{title}}",
            "{{#other}}{{#content}}{{{.}}}{{/content}}{{/other}} {{{content}}}",
        ]
        for outerSource in outers {
            let outer = try MustacheTemplate(outerSource)
            let expected = outer.renderBytes(frames: [root, ["content": .string(text)]], partial: { partials[$0] })
            let embedding = MustacheEmbedding(name: MustacheName("content"), template: inner, context: MustacheContext(innerValues))
            let embedded = outer.renderBytes(frames: [root], partial: { partials[$0] }, embedding: embedding)
            #expect(String(decoding: embedded, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(outerSource)")
        }
    }
}
