import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The duplicates report: clusters of places that say the same thing, largest first, each
/// member linking to its place. A large report's clusters sit on detail pages of bounded size
/// (`reports/duplicates/clusters.html`, `clusters-2.html`, …) listed on the summary page.
enum DuplicatesPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, MustacheObject) {
        let report = site.duplicatesReport
        let strings = site.strings
        let summary = summary(site: site)
        let parts: [MustacheValue] = report.isSplit ? report.parts.enumerated().map { index, range in
            let largest = report.clusters[range.lowerBound].members.count
            return [
                "href": .string(SitePaths.url(to: report.path(part: index + 1), from: page.path)),
                "label": .string(clustersLabel(range, strings: strings)),
                "detail": .string(range.count == 1 ? strings.count("placeCount", largest)
                    : strings.text("placesEach", ["largest": "\(largest)", "smallest": "\(report.clusters[range.upperBound - 1].members.count)"])),
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
            "filter": DiagnosticsPage.filter([], strings: strings),
        ])
    }

    static func makePart(_ part: Int, page: PlannedPage, site: SiteContext) -> (PageFrame, MustacheObject) {
        let report = site.duplicatesReport
        guard part >= 1, part <= report.parts.count else { return (PageFrame(pageTitle: site.strings["duplicates"]), [:]) }
        let strings = site.strings
        let range = report.parts[part - 1]
        let title = strings.text("duplicatesRange", ["first": "\(range.lowerBound + 1)", "last": "\(range.upperBound)"])
        // No totals of the whole report here (the summary page has them): a detail page then
        // stays as it was when only other pages' clusters change, and a rebuild keeps it.
        let lead = strings.text("duplicatesPartLead", ["part": "\(part)", "parts": "\(report.parts.count)"])
        var frame = PageFrame(pageTitle: title, description: lead)
        let summaryHref = SitePaths.url(to: GeneratedPaths.duplicates, from: page.path)
        frame.breadcrumbs = [(site.strings["home"], SitePaths.url(to: SitePaths.home, from: page.path)), (site.strings["duplicates"], summaryHref)]
        if part > 1 { frame.previous = (clustersLabel(report.parts[part - 2], strings: strings), SitePaths.url(to: report.path(part: part - 1), from: page.path)) }
        if part < report.parts.count { frame.next = (clustersLabel(report.parts[part], strings: strings), SitePaths.url(to: report.path(part: part + 1), from: page.path)) }
        return (frame, [
            "lead": .string(lead),
            "clusters": .list(range.map { cluster(report.clusters[$0], number: $0 + 1, page: page, site: site) }),
            "filter": DiagnosticsPage.filter([], strings: strings),
        ])
    }

    private static func cluster(_ cluster: DuplicateGroup, number: Int, page: PlannedPage, site: SiteContext) -> MustacheValue {
        let origin = PreparedTarget.From(page: page.path)
        return [
            "id": .string("Cluster-\(number)"),
            "title": .string(cluster.title),
            "detail": .text(cluster.detail),
            "members": .list(cluster.members.map { member in
                let parts = member.markedParts
                return [
                    "place": .string(ReportLinks.place(member.location)),
                    "href": .text(ReportLinks.href(for: member.location, site: site, from: origin)),
                    "text": .text(member.text.isEmpty || parts != nil ? nil : member.text),
                    "marked": parts.map { ["before": .string($0.before), "matched": .string($0.matched), "after": .string($0.after)] } ?? .null,
                    "note": .text(member.note),
                ]
            }),
        ]
    }

    private static func summary(site: SiteContext) -> String {
        let strings = site.strings
        let clusters = site.input.duplicates ?? []
        if site.input.duplicates == nil { return strings["duplicatesNotRun"] }
        if clusters.isEmpty { return strings["noDuplicates"] }
        let members = clusters.reduce(0) { $0 + $1.members.count }
        return strings.text("duplicatesSummary", ["clusters": strings.count("clusterCount", clusters.count),
                                                  "places": strings.count("placeCount", members)])
    }

    /// "Clusters 1 to 40": a detail page's name in the list of pages and the pager.
    private static func clustersLabel(_ range: Range<Int>, strings: InterfaceStrings) -> String {
        strings.text("clustersRange", ["first": "\(range.lowerBound + 1)", "last": "\(range.upperBound)"])
    }
}
