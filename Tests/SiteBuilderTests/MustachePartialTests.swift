import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

@Suite struct MustachePartialTests {
    @Test func partialsRenderInTheCurrentContext() throws {
        let item = try MustacheTemplate("<li>{{name}}</li>", name: "item")
        let page = try MustacheTemplate("{{#skills}}{{> item}}{{/skills}}")
        #expect(page.render(["skills": [["name": "a"], ["name": "b"]]], partials: ["item": item]) == "<li>a</li><li>b</li>")
    }

    @Test func missingPartialsRenderNothing() throws {
        #expect(try MustacheTemplate("[{{>nope}}]").render([:]) == "[]")
    }

    @Test func standalonePartialsIndentEveryLineButNotInterpolatedText() throws {
        let nav = try MustacheTemplate("<nav>\n{{{links}}}\n</nav>\n", name: "nav")
        let page = try MustacheTemplate("<body>\n    {{> nav}}\n</body>\n")
        let output = page.render(["links": "<a>1</a>\n<a>2</a>"], partials: ["nav": nav])
        #expect(output == "<body>\n    <nav>\n    <a>1</a>\n<a>2</a>\n    </nav>\n</body>\n")
    }

    @Test func nestedStandalonePartialsAddTheirIndentation() throws {
        let inner = try MustacheTemplate("i1\ni2\n")
        let outer = try MustacheTemplate("o1\n  {{>inner}}\no2\n")
        let page = try MustacheTemplate("  {{>outer}}\n")
        let output = page.render([:], partials: ["inner": inner, "outer": outer])
        #expect(output == "  o1\n    i1\n    i2\n  o2\n")
    }

    @Test func indentedPartialsDropTheirOwnStandaloneLines() throws {
        let list = try MustacheTemplate("<ul>\n{{#items}}\n  <li>{{.}}</li>\n{{/items}}\n</ul>\n")
        let page = try MustacheTemplate("  {{>list}}\n")
        #expect(page.render(["items": ["a"]], partials: ["list": list]) == "  <ul>\n    <li>a</li>\n  </ul>\n")
    }

    @Test func inlinePartialsAreNotIndented() throws {
        let two = try MustacheTemplate("1\n2")
        #expect(try MustacheTemplate("  x {{>two}}\n").render([:], partials: ["two": two]) == "  x 1\n2\n")
    }

    @Test func aResolverClosureSuppliesPartials() throws {
        let page = try MustacheTemplate("{{>a}}-{{>b}}")
        var asked: [String] = []
        let output = page.render([:]) { name in
            asked.append(name)
            return name == "a" ? try? MustacheTemplate("A") : nil
        }
        #expect(output == "A-")
        #expect(asked == ["a", "b"])
    }

    @Test func aPartialIncludingItselfForeverStopsInsteadOfCrashing() throws {
        let loop = try MustacheTemplate("x{{>loop}}")
        let output = loop.render([:], partials: ["loop": loop])
        #expect(output == String(repeating: "x", count: MustacheRenderer.maximumPartialDepth + 1))
    }

    @Test func recursivePartialsFollowTheData() throws {
        let node = try MustacheTemplate("{{name}}({{#children}}{{>node}}{{/children}})")
        // Leaves need their own empty `children`, or the lookup would find their parent's.
        let leaf: (String) -> MustacheValue = { ["name": .string($0), "children": []] }
        let tree: MustacheValue = ["name": "r", "children": [["name": "a", "children": [leaf("b")]], leaf("c")]]
        #expect(node.render(tree, partials: ["node": node]) == "r(a(b())c())")
    }

    /// The example in docs/mustache.md.
    @Test func documentedExampleRendersAsShown() throws {
        let item = try MustacheTemplate("<li><a href=\"{{url}}\">{{name}}</a></li>\n", name: "item.mustache")
        let page = try MustacheTemplate("<ul>\n  {{#skills}}\n  {{> item}}\n  {{/skills}}\n</ul>\n", name: "page.mustache")
        let html = page.render(["skills": [["name": "Layout & grids", "url": "layout/"]]], partials: ["item": item])
        #expect(html == "<ul>\n  <li><a href=\"layout/\">Layout &amp; grids</a></li>\n</ul>\n")
    }
}
