import Foundation
@testable import SkillParser
import Testing
import TestSupport
@testable import SiteBuilder

/// The sidebar's entries are made once per page depth and shared (`SidebarEntries`), and a
/// skill's document tree once per folder (`DocumentTree.values`): every page still shows links
/// from where it is, its own skill alone expanded and itself alone marked.
@Suite struct SidebarSharingTests {
    @Test func sharedEntriesLinkFromEachPageAndMarkOnlyIt() throws {
        let tree = try FixtureTree([
            "alpha/SKILL.md": "---\nname: alpha\ndescription: A.\n---\n# Alpha\n\nSee [a](references/a.md).\n",
            "alpha/references/a.md": "# A\n",
            "alpha/references/b.md": "# B\n",
            "alpha/references/deep/c.md": "# C\n",
            "bundle/one/SKILL.md": "---\nname: one\ndescription: One.\n---\n# One\n\nSee [notes](references/notes.md).\n",
            "bundle/one/references/notes.md": "# Notes of one\n",
            "bundle/two/SKILL.md": "---\nname: two\ndescription: Two.\n---\n# Two\n",
            "gamma/SKILL.md": "---\nname: gamma\ndescription: G.\n---\n# Gamma\n",
        ])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let skillPages = ["alpha/index.html", "bundle/one/index.html", "bundle/two/index.html", "gamma/index.html"]
        let pages = skillPages + ["alpha/references/a.html", "alpha/references/b.html", "alpha/references/deep/c.html",
                                  "bundle/one/references/notes.html"]
        for page in pages {
            let html = try Self.sidebar(try SiteFixtures.read(output, page))
            // Every skill's link leads there from this page, whichever page's entries were shared.
            for target in skillPages {
                let name = target == "bundle/one/index.html" ? "one" : target == "bundle/two/index.html" ? "two"
                    : String(target.prefix { $0 != "/" })
                let href = SitePaths.url(to: target, from: page)
                #expect(html.contains("<a href=\"\(href)\"") && html.contains(">\(name)</a>"), "\(page) -> \(target)")
            }
            #expect(html.components(separatedBy: "<li class=\"current\">").count == 2, "\(page)")
            #expect(html.components(separatedBy: "aria-current=\"page\"").count == 2, "\(page)")
            let own = SitePaths.url(to: page, from: page)
            #expect(html.contains("<a href=\"\(own)\" aria-current=\"page\">"), "\(page)")
        }
        // Only the page's own skill lists its documents, linked from the page's folder.
        let deep = try Self.sidebar(try SiteFixtures.read(output, "alpha/references/deep/c.html"))
        #expect(deep.contains("<a href=\"../a.html\">A</a>"))
        #expect(!deep.contains("Notes of one"))
        let notes = try Self.sidebar(try SiteFixtures.read(output, "bundle/one/references/notes.html"))
        #expect(notes.contains("<a href=\"notes.html\" aria-current=\"page\">Notes of one</a>"))
        #expect(!notes.contains(">A</a>"))
    }

    static func sidebar(_ page: String) throws -> String {
        let start = try #require(page.range(of: "id=\"Sidebar\""))
        let end = try #require(page.range(of: "</nav>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.lowerBound])
    }
}
