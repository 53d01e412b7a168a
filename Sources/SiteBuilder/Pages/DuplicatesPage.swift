import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The duplicates report: clusters of places that say the same thing, each member linking to its place.
enum DuplicatesPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, [String: MustacheValue]) {
        let graph = site.graph
        let clusters = site.input.duplicates ?? []
        let summary: String
        if site.input.duplicates == nil {
            summary = "Duplicate detection did not run for this build."
        } else if clusters.isEmpty {
            summary = "No duplicated statements found."
        } else {
            let members = clusters.reduce(0) { $0 + $1.members.count }
            summary = "\(HomePage.plural(clusters.count, "cluster")) of statements said more than once, \(HomePage.plural(members, "place")) in all."
        }
        let values: [MustacheValue] = clusters.enumerated().map { index, cluster in
            [
                "id": .string("Cluster-\(index + 1)"),
                "title": .string(cluster.title),
                "detail": .text(cluster.detail),
                "members": .list(cluster.members.map { member in
                    let parts = member.markedParts
                    return [
                        "place": .string(ReportLinks.place(member.location)),
                        "href": .text(ReportLinks.href(for: member.location, in: graph, from: page.path)),
                        "text": .text(member.text.isEmpty || parts != nil ? nil : member.text),
                        "marked": parts.map { ["before": .string($0.before), "matched": .string($0.matched), "after": .string($0.after)] } ?? .null,
                        "note": .text(member.note),
                    ]
                }),
            ]
        }
        var frame = PageFrame(pageTitle: "Duplicates", description: summary)
        frame.breadcrumbs = [("Home", SitePaths.url(to: SitePaths.home, from: page.path))]
        return (frame, ["summary": .string(summary), "clusters": .list(values), "emptyMessage": .string(summary)])
    }
}
