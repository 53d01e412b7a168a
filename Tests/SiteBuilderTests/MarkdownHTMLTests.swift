import Foundation
@testable import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// Renders one document of a small collection to HTML.
func renderBody(_ files: [String: String], document path: String, lines: [Int] = []) throws -> RenderedMarkdown {
    let tree = try FixtureTree(files)
    let graph = try CollectionLoader.load(root: tree.path)
    let document = try #require(graph.document(at: path))
    let resolver = LinkResolver(graph: graph, documentPath: path)
    return MarkdownHTML(resolver: resolver, graph: graph, document: document, anchoredLines: lines,
                        reservedIDs: []).render()
}

/// The files the page of one document of a small collection needs copied.
func linkedFiles(_ files: [String: String], document path: String) throws -> [String] {
    let tree = try FixtureTree(files)
    let graph = try CollectionLoader.load(root: tree.path)
    return LinkedFiles.of(try #require(graph.document(at: path)), graph: graph)
}

@Suite struct MarkdownHTMLTests {
    static let skill = "---\nname: alpha\ndescription: A.\n---\n"

    @Test func headingsCarryGitHubAnchorsAndPermalinks() throws {
        let body = try renderBody(["alpha/SKILL.md": Self.skill + "# Alpha\n\n## Use it & more\n\n## Use it & more\n"],
                                  document: "alpha/SKILL.md")
        #expect(body.html.contains("<h2 id=\"use-it--more\">Use it &amp; more<a class=\"permalink\" href=\"#use-it--more\""))
        #expect(body.html.contains("<h2 id=\"use-it--more-1\">"))
        #expect(body.titleHTML == "<h1 id=\"alpha\">Alpha<a class=\"permalink\" href=\"#alpha\" aria-label=\"Permalink: Alpha\">#</a></h1>\n")
        #expect(!body.html.contains("<h1"))
    }

    @Test func markdownLinksLeadToGeneratedPages() throws {
        let body = try renderBody([
            "alpha/SKILL.md": Self.skill + "# Alpha\n\n[ref](references/x.md#part-two) and [beta](../beta/SKILL.md) and [folder](../beta)\n",
            "alpha/references/x.md": "# X\n\n## Part two\n",
            "beta/SKILL.md": "---\nname: beta\ndescription: B.\n---\n# Beta\n",
        ], document: "alpha/SKILL.md")
        #expect(body.html.contains("<a href=\"references/x.html#part-two\">ref</a>"))
        #expect(body.html.contains("<a href=\"../beta/index.html\">beta</a>"))
        #expect(body.html.contains("<a href=\"../beta/index.html\">folder</a>"))
    }

    @Test func brokenLinksAndAnchorsAreShownAsBroken() throws {
        let body = try renderBody([
            "alpha/SKILL.md": Self.skill + "# Alpha\n\n[gone](references/missing.md) [bad](references/x.md#nope) [here](#alpha)\n",
            "alpha/references/x.md": "# X\n",
        ], document: "alpha/SKILL.md")
        #expect(body.html.contains("<span class=\"broken-link\" title=\"broken link: references/missing.md does not exist in the collection\">gone"))
        #expect(body.html.contains("<a href=\"references/x.html\" class=\"broken-link\" title=\"broken anchor: #nope is not a heading of alpha/references/x.md\">bad"))
        #expect(body.html.contains("<a href=\"#alpha\">here</a>"))
    }

    @Test func rawHTMLAndScriptLinksNeverReachThePage() throws {
        let body = try renderBody([
            "alpha/SKILL.md": Self.skill + """
                # Alpha

                <script>alert("block")</script>

                <div onclick="steal()">Visible text</div>

                Inline <img src=x onerror=alert(1)> and <b>bold</b>, [click](javascript:alert(1)), [again](&#106;avascript:alert(2)), [third](<JavaScript:alert(3)>).

                """,
        ], document: "alpha/SKILL.md")
        #expect(!body.html.contains("<script"))
        #expect(!body.html.contains("onerror"))
        #expect(!body.html.contains("onclick"))
        #expect(!body.html.lowercased().contains("href=\"javascript"))
        #expect(!body.html.contains("<a href"))
        #expect(body.html.contains("<span class=\"broken-link\" title=\"broken link: javascript: links are not allowed\">again"))
        #expect(!body.html.contains("<b>"))
        #expect(body.html.contains("<p class=\"raw-html\">Visible text</p>"))
        #expect(body.html.contains("bold"))
    }

    @Test func placeholderURLsAndSymbolOnlyHeadingsStayValidHTML() throws {
        let body = try renderBody(["alpha/SKILL.md": Self.skill + "# A\n\n## 🚀\n\n<http://host:port> <https:///x> [ok](https://example.com:8080/a) [v6](http://[::1]:80/)\n"],
                                  document: "alpha/SKILL.md")
        #expect(body.html.contains("<h2>🚀</h2>"))
        #expect(body.html.contains("<span class=\"broken-link\" title=\"broken link: http://host:port is not a valid URL\">"))
        #expect(body.html.contains("<span class=\"broken-link\" title=\"broken link: https:///x is not a valid URL\">"))
        #expect(body.html.contains("<a href=\"https://example.com:8080/a\" class=\"external\">ok</a>"))
        #expect(body.html.contains("<a href=\"http://[::1]:80/\" class=\"external\">v6</a>"))
    }

    @Test func textIsEscaped() throws {
        let body = try renderBody(["alpha/SKILL.md": Self.skill + "# A\n\nUse `<T>` & \"quotes\" 'here' &lt;x&gt;\n"],
                                  document: "alpha/SKILL.md")
        #expect(body.html.contains("<code>&lt;T&gt;</code> &amp; &quot;quotes&quot; &#39;here&#39; &lt;x&gt;"))
    }

    @Test func skillNamesAndPathsInCodeSpansBecomeLinks() throws {
        let body = try renderBody([
            "alpha/SKILL.md": Self.skill + "# A\n\nSee `beta`, `references/x.md` and `alpha` and `gamma`.\n",
            "alpha/references/x.md": "# X\n",
            "beta/SKILL.md": "---\nname: beta\ndescription: B.\n---\n# Beta\n",
        ], document: "alpha/SKILL.md")
        #expect(body.html.contains("<a class=\"skill-ref\" href=\"../beta/index.html\"><code>beta</code></a>"))
        #expect(body.html.contains("<a href=\"references/x.html\"><code>references/x.md</code></a>"))
        #expect(body.html.contains(" <code>alpha</code> "))
        #expect(body.html.contains("<code>gamma</code>."))
    }

    @Test func codeBlocksHaveLanguageLabelAndHiddenCopyButton() throws {
        let body = try renderBody(["alpha/SKILL.md": Self.skill + "# A\n\n```swift\nlet a = \"<b>\"\n```\n"],
                                  document: "alpha/SKILL.md")
        #expect(body.html.contains("<span class=\"code-language\">swift</span><button type=\"button\" class=\"copy-button\" data-copied=\"Copied\" data-press=\"Press Ctrl+C\" hidden>Copy</button>"))
        #expect(body.html.contains("<pre tabindex=\"0\"><code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot;\n</code></pre>"))
    }

    @Test func tablesScrollInsideARegionNamedByItsColumns() throws {
        let body = try renderBody(["alpha/SKILL.md": Self.skill + "# A\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n| | |\n|--|--|\n| x | y |\n"],
                                  document: "alpha/SKILL.md")
        #expect(body.html.contains("<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table: a, b\">"))
        #expect(body.html.contains("<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table\">"))
        #expect(body.html.contains("<th class=\"align-left\">a</th><th class=\"align-right\">b</th>"))
        #expect(body.html.contains("<td class=\"align-left\">1</td><td class=\"align-right\">2</td>"))
    }

    @Test func imagesStayLocalAndExternalOnesBecomeLinks() throws {
        let tree = try FixtureTree([
            "alpha/SKILL.md": Self.skill + "# A\n\n![local](img/a.png) ![remote](https://example.com/b.png)\n",
            "alpha/img/a.png": "png",
        ])
        let graph = try CollectionLoader.load(root: tree.path)
        let resolver = LinkResolver(graph: graph, documentPath: "alpha/SKILL.md")
        let body = MarkdownHTML(resolver: resolver, graph: graph, document: try #require(graph.document(at: "alpha/SKILL.md")),
                                anchoredLines: [], reservedIDs: []).render()
        #expect(body.html.contains("<img src=\"img/a.png\" alt=\"local\" loading=\"lazy\">"))
        #expect(body.html.contains("<a class=\"external external-image\" href=\"https://example.com/b.png\">Image: remote</a>"))
        #expect(LinkedFiles.of(try #require(graph.document(at: "alpha/SKILL.md")), graph: graph) == ["alpha/img/a.png"])
    }

    @Test func aBadgeImageInsideALinkDoesNotNestLinks() throws {
        let body = try renderBody(["alpha/SKILL.md": Self.skill + "# A\n\n[![build](https://ci.example.com/badge.svg)](https://ci.example.com)\n"],
                                  document: "alpha/SKILL.md")
        #expect(body.html.contains("<p><a href=\"https://ci.example.com\" class=\"external\"><span class=\"external-image\">Image: build</span></a></p>"))
    }

    @Test func reportedLinesGetAnchorsBeforeTheirBlocks() throws {
        let body = try renderBody(["alpha/SKILL.md": Self.skill + "# A\n\nfirst\n\n- one\n- two\n\nlast\n"],
                                  document: "alpha/SKILL.md", lines: [7, 10, 11])
        // Lines: 5 heading, 7 paragraph, 9-10 list items, 12 paragraph.
        #expect(body.html.contains("<a id=\"L7\"></a><p>first</p>"))
        #expect(body.html.contains("<li><a id=\"L10\"></a><a id=\"L11\"></a>two</li>"))
    }

    @Test func anchorsDefinedInRawHTMLSurviveAsEmptySpans() throws {
        let body = try renderBody(["alpha/SKILL.md": Self.skill + "# A\n\n<a name=\"legacy\"></a>\n\n[x](#legacy)\n"],
                                  document: "alpha/SKILL.md")
        #expect(body.html.contains("<span id=\"legacy\"></span>"))
        #expect(body.html.contains("<a href=\"#legacy\">x</a>"))
    }

    /// The anchor cases of `check`, as the site renders them: both read the graph's resolution.
    @Test func anchorCasesLinkTheExactIdOrAreMarkedBroken() throws {
        let body = try renderBody([
            "alpha/SKILL.md": Self.skill + """
                # A

                ## Setup

                [case](#Setup) [top](#top) [gh](#user-content-setup) [ghcase](#user-content-Setup)

                <div>id=frag</div> <p id="real">x</p>

                [frag](#frag) [real](#real) [other](references/r.md#Part) [gone](references/r.md#nope)

                """,
            "alpha/references/r.md": "# R\n\n## Part\n",
        ], document: "alpha/SKILL.md")
        #expect(body.html.contains("<a href=\"#setup\">case</a>"))
        #expect(body.html.contains("<a href=\"#top\">top</a>"))
        #expect(body.html.contains("<a href=\"#setup\">gh</a>"))
        #expect(body.html.contains("<a href=\"#setup\">ghcase</a>"))
        #expect(body.html.contains("<a href=\"#real\">real</a>"))
        #expect(body.html.contains("<a href=\"references/r.html#part\">other</a>"))
        #expect(body.html.contains("<a href=\"#\" class=\"broken-link\" title=\"broken anchor: #frag is not a heading of alpha/SKILL.md\">frag"))
        #expect(body.html.contains("<a href=\"references/r.html\" class=\"broken-link\" title=\"broken anchor: #nope is not a heading of alpha/references/r.md\">gone"))
    }

    @Test func rawHTMLImagesAreShownAndBrokenRawReferencesMarked() throws {
        let files = [
            "alpha/SKILL.md": Self.skill + "# A\n\n<p align=\"center\"><img src=\"img/logo.png\"> <img src=\"img/gone.png\"></p>\n\n"
                + "Text <a href=\"nowhere.md\">x</a>.\n",
            "alpha/img/logo.png": "png",
        ]
        let body = try renderBody(files, document: "alpha/SKILL.md")
        #expect(body.html.contains("<img src=\"img/logo.png\" alt=\"\" loading=\"lazy\">"))
        #expect(body.html.contains("<span class=\"broken-link\" title=\"missing image: img/gone.png does not exist in the collection\">img/gone.png"))
        #expect(body.html.contains("<span class=\"broken-link\" title=\"broken link: nowhere.md does not exist in the collection\">nowhere.md"))
        #expect(try linkedFiles(files, document: "alpha/SKILL.md") == ["alpha/img/logo.png"])
    }
}

@Suite struct LinkedFilesTests {
    static let skill = "---\nname: alpha\ndescription: A.\n---\n# A\n\n"

    @Test func filesAreThoseThePageLinksToOrShows() throws {
        let files = [
            "alpha/SKILL.md": Self.skill + "[data](data.csv) [doc](references/r.md) ![shot](img/a.png) [gone](nope.txt)\n\n"
                + "> - [x](script.sh)\n\n| a |\n|---|\n| [t](table.txt) |\n\n<a href=\"raw.txt\">r</a>\n",
            "alpha/references/r.md": "# R\n", "alpha/data.csv": "a", "alpha/img/a.png": "png", "alpha/script.sh": "echo",
            "alpha/table.txt": "t", "alpha/raw.txt": "r",
        ]
        #expect(try linkedFiles(files, document: "alpha/SKILL.md")
            == ["alpha/data.csv", "alpha/img/a.png", "alpha/raw.txt", "alpha/script.sh", "alpha/table.txt"])
    }

    /// Read from the document's indexes: a link inside another link's text is shown as text and
    /// copies nothing, an image there is shown and copied.
    @Test func aLinkInsideALinksTextCopiesNothing() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.skill + "Text.\n", "alpha/in.txt": "i", "alpha/out.txt": "o",
                                    "alpha/img.png": "png"])
        let graph = try CollectionLoader.load(root: tree.path)
        var document = try #require(graph.document(at: "alpha/SKILL.md"))
        let here = SourceLocation(file: "alpha/SKILL.md", line: 7)
        let inner = Link(destination: "in.txt", title: "", children: [.text("inner")], location: here)
        let image = Link(destination: "img.png", title: "", children: [.text("shot")], location: here)
        let outer = Link(destination: "out.txt", title: "", children: [.link(inner), .image(image)], location: here)
        document.markdown = MarkdownDocument(path: document.path, frontmatter: nil,
                                             blocks: [.paragraph(Paragraph(inlines: [.link(outer)], location: here))])
        #expect(document.markdown.linksInLinkText == [1])
        #expect(LinkedFiles.of(document, graph: graph) == ["alpha/img.png", "alpha/out.txt"])
    }

    @Test func anInlinedSVGImageIsNotCopiedButALinkToItIs() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>"
        let shown = try linkedFiles(["alpha/SKILL.md": Self.skill + "![d](d.svg)\n", "alpha/d.svg": svg], document: "alpha/SKILL.md")
        #expect(shown == [])
        let linked = try linkedFiles(["alpha/SKILL.md": Self.skill + "[d](d.svg)\n", "alpha/d.svg": svg], document: "alpha/SKILL.md")
        #expect(linked == ["alpha/d.svg"])
    }

    @Test func anImageInsideALinkIsCopied() throws {
        let files = ["alpha/SKILL.md": Self.skill + "[![badge](b.png)](c.txt)\n", "alpha/b.png": "png", "alpha/c.txt": "c"]
        #expect(try linkedFiles(files, document: "alpha/SKILL.md") == ["alpha/b.png", "alpha/c.txt"])
    }
}
