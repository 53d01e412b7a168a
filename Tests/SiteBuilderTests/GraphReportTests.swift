import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SiteBuilder

/// The graph page of a large, well-connected collection: its table is split by group into
/// detail pages of bounded size, the drawing's groups lead to the page that holds their rows,
/// and every skill with a connection has one row somewhere.
@Suite struct GraphReportTests {
    @Test func aLargeTableIsSplitByGroupIntoPagesOfBoundedSize() throws {
        var files: [String: String] = [:]
        let count = 110
        let folders = ["alpha-tools", "beta-design", "gamma-data", "delta-operations"]
        func name(_ index: Int) -> String { String(format: "skill-with-a-rather-long-name-%03d", index) }
        for index in 0..<count {
            let mentions = (1...12).map { "`\(name((index + $0 * 7) % count))`" }.joined(separator: ", ")
            files["\(folders[index % folders.count])/\(name(index))/SKILL.md"] =
                "---\nname: \(name(index))\ndescription: Skill \(index).\n---\n# Skill \(index)\n\nSee \(mentions).\n"
        }
        let tree = try FixtureTree(files)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)

        let graphPage = try SiteFixtures.read(output, "reports/graph.html")
        #expect(!graphPage.contains("<tr id=\"Skill-"), "the graph page keeps the table although it is split")
        let parts = SiteFixtures.files(in: output + "/reports/graph")
        #expect(parts.count >= 2, "\(parts)")
        var rows = 0
        for part in parts {
            let html = try SiteFixtures.read(output, "reports/graph/" + part)
            #expect(html.utf8.count < ReportPaging.pageBudget + 60_000, "\(part) is \(html.utf8.count) bytes")
            rows += html.components(separatedBy: "<tr id=\"Skill-").count - 1
            #expect(graphPage.contains("href=\"graph/\(part)\""), "the graph page does not list \(part)")
        }
        #expect(rows == count)
        // The drawing's groups lead to the detail page that holds their rows, at their anchor.
        #expect(graphPage.contains("href=\"graph/connections.html#Group-"))
        var checker = SiteLinkChecker(root: output)
        #expect(checker.problems().isEmpty, "\(checker.problems().prefix(5))")
    }

    @Test func aSmallTableStaysOnTheGraphPage() throws {
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(SiteFixtures.collection.path, into: output)
        #expect(try SiteFixtures.read(output, "reports/graph.html").contains("<table class=\"graph-table\">"))
        #expect(!FileManager.default.fileExists(atPath: output + "/reports/graph"))
    }
}
