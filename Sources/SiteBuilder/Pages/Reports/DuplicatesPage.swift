import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The duplicates report: clusters of places that say the same thing, largest first, each
/// member linking to its place. A large report's clusters sit on detail pages of bounded size
/// (`reports/duplicates/clusters.html`, `clusters-2.html`, …) listed on the summary page.
enum DuplicatesPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, [String: MustacheValue]) {
        let report = site.duplicatesReport
        let summary = summary(site: site)
        let parts: [MustacheValue] = report.isSplit ? report.parts.enumerated().map { index, range in
            let largest = report.clusters[range.lowerBound].members.count
            return [
                "href": .string(SitePaths.url(to: report.path(part: index + 1), from: page.path)),
                "label": .string("Clusters \(range.lowerBound + 1) to \(range.upperBound)"),
                "detail": .string(range.count == 1 ? "\(largest) places" : "\(largest) to \(report.clusters[range.upperBound - 1].members.count) places each"),
            ]
        } : []
        var frame = PageFrame(pageTitle: site.strings["duplicates"], description: summary)
        frame.breadcrumbs = [(site.strings["home"], SitePaths.url(to: SitePaths.home, from: page.path))]
        let shown = report.isSplit ? [] : Array(report.clusters.enumerated())
        return (frame, [
            "summary": .string(summary),
            "parts": .list(parts),
            "hasParts": .bool(!parts.isEmpty),
            "clusters": .list(shown.map { cluster($0.element, number: $0.offset + 1, page: page, site: site) }),
            "emptyMessage": .text(report.clusters.isEmpty ? summary : nil),
            "hasFilter": .bool(shown.count > 1),
            "filter": DiagnosticsPage.filter([]),
        ])
    }

    static func makePart(_ part: Int, page: PlannedPage, site: SiteContext) -> (PageFrame, [String: MustacheValue]) {
        let report = site.duplicatesReport
        guard part >= 1, part <= report.parts.count else { return (PageFrame(pageTitle: site.strings["duplicates"]), [:]) }
        let range = report.parts[part - 1]
        let title = "Duplicates \(range.lowerBound + 1) to \(range.upperBound)"
        var frame = PageFrame(pageTitle: title, description: summary(site: site))
        let summaryHref = SitePaths.url(to: GeneratedPaths.duplicates, from: page.path)
        frame.breadcrumbs = [(site.strings["home"], SitePaths.url(to: SitePaths.home, from: page.path)), (site.strings["duplicates"], summaryHref)]
        if part > 1 { frame.previous = ("Clusters \(report.parts[part - 2].lowerBound + 1) to \(report.parts[part - 2].upperBound)", SitePaths.url(to: report.path(part: part - 1), from: page.path)) }
        if part < report.parts.count { frame.next = ("Clusters \(report.parts[part].lowerBound + 1) to \(report.parts[part].upperBound)", SitePaths.url(to: report.path(part: part + 1), from: page.path)) }
        return (frame, [
            "lead": .string("Page \(part) of \(report.parts.count), largest clusters first. " + summary(site: site)),
            "clusters": .list(range.map { cluster(report.clusters[$0], number: $0 + 1, page: page, site: site) }),
            "filter": DiagnosticsPage.filter([]),
        ])
    }

    private static func cluster(_ cluster: DuplicateGroup, number: Int, page: PlannedPage, site: SiteContext) -> MustacheValue {
        [
            "id": .string("Cluster-\(number)"),
            "title": .string(cluster.title),
            "detail": .text(cluster.detail),
            "members": .list(cluster.members.map { member in
                let parts = member.markedParts
                return [
                    "place": .string(ReportLinks.place(member.location)),
                    "href": .text(ReportLinks.href(for: member.location, in: site.graph, from: page.path)),
                    "text": .text(member.text.isEmpty || parts != nil ? nil : member.text),
                    "marked": parts.map { ["before": .string($0.before), "matched": .string($0.matched), "after": .string($0.after)] } ?? .null,
                    "note": .text(member.note),
                ]
            }),
        ]
    }

    private static func summary(site: SiteContext) -> String {
        let clusters = site.input.duplicates ?? []
        if site.input.duplicates == nil { return "Duplicate detection did not run for this build." }
        if clusters.isEmpty { return "No duplicated statements found." }
        let members = clusters.reduce(0) { $0 + $1.members.count }
        return "\(HomePage.plural(clusters.count, "cluster")) of statements said more than once, \(HomePage.plural(members, "place")) in all."
    }
}
