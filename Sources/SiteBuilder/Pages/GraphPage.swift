import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The graph page: a drawing made at build time (every skill for a small collection, the groups
/// for a large one) and a table of each skill's connections, by group. When the table would pass
/// a page's budget its groups sit on detail pages (`GraphReport`), which the graph page lists.
enum GraphPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, MustacheObject) {
        let report = site.graphReport
        let strings = site.strings
        let svg = report.isLarge ? groupDrawing(page: page, site: site)
            : GraphSVG(families: site.groups, links: report.links, page: page.path, strings: strings).render()
        let summary = summary(site)
        var frame = PageFrame(pageTitle: strings["skillGraph"], description: summary)
        frame.breadcrumbs = [(strings["home"], SitePaths.url(to: SitePaths.home, from: page.path))]
        let parts: [MustacheValue] = report.isSplit ? report.parts.enumerated().map { index, range in
            [
                "href": .string(SitePaths.url(to: report.path(part: index + 1), from: page.path)),
                "label": .string(partLabel(range, site: site)),
                "detail": .string(strings.count("skillCount", range.reduce(0) { $0 + report.groups[$1].rows.count })),
            ]
        } : []
        return (frame, [
            "summary": .string(summary),
            "svg": .text(svg),
            "caption": .string(strings[report.isLarge ? "graphCaptionGroups" : "graphCaptionSkills"]),
            "tooLarge": .string(strings["graphTooLarge"]),
            "hasParts": .bool(report.isSplit),
            "parts": .list(parts),
            "groups": .list(report.isSplit ? [] : tableGroups(report.groups[...], page: page, site: site)),
            "unconnected": .text(report.unconnected > 0 ? strings.count("graphUnconnected", report.unconnected) : nil),
        ])
    }

    /// One detail page: the table's rows for a slice of the groups.
    static func makePart(_ part: Int, page: PlannedPage, site: SiteContext) -> (PageFrame, MustacheObject) {
        let report = site.graphReport
        let strings = site.strings
        guard part >= 1, part <= report.parts.count else { return (PageFrame(pageTitle: strings["skillGraph"]), [:]) }
        let range = report.parts[part - 1]
        var frame = PageFrame(pageTitle: strings.text("graphPartTitle", ["groups": partLabel(range, site: site)]),
                              description: summary(site))
        let graphHref = SitePaths.url(to: GeneratedPaths.graph, from: page.path)
        frame.breadcrumbs = [(strings["home"], SitePaths.url(to: SitePaths.home, from: page.path)), (strings["skillGraph"], graphHref)]
        if part > 1 { frame.previous = (partLabel(report.parts[part - 2], site: site), SitePaths.url(to: report.path(part: part - 1), from: page.path)) }
        if part < report.parts.count { frame.next = (partLabel(report.parts[part], site: site), SitePaths.url(to: report.path(part: part + 1), from: page.path)) }
        return (frame, [
            "lead": .string(strings.text("graphPartLead", ["part": "\(part)", "parts": "\(report.parts.count)"])),
            "groups": .list(tableGroups(report.groups[range], page: page, site: site)),
        ])
    }

    /// "12 skills and 30 connections: an arrow means …".
    private static func summary(_ site: SiteContext) -> String {
        site.strings.text("graphSummary", ["skills": site.strings.count("skillCount", site.graph.skills.count),
                                           "connections": site.strings.count("connectionCount", site.graphReport.links.count)])
    }

    /// "tools to web": the first and last group of a detail page.
    private static func partLabel(_ range: Range<Int>, site: SiteContext) -> String {
        let groups = site.graphReport.groups
        guard let first = range.first, let last = range.last else { return "" }
        let firstName = site.groups[groups[first].index].name, lastName = site.groups[groups[last].index].name
        return first == last ? firstName : site.strings.text("graphPartLabel", ["first": firstName, "last": lastName])
    }

    /// The values of the table's groups and rows (the `graph-table` partial).
    private static func tableGroups(_ groups: ArraySlice<GraphReport.Group>, page: PlannedPage, site: SiteContext) -> [MustacheValue] {
        func href(_ skill: Skill) -> String { SitePaths.url(to: SitePaths.page(forSource: skill.skillFile), from: page.path) }
        return groups.map { group in
            let rows: [MustacheValue] = group.rows.map { row in
                [
                    "id": .string(row.id),
                    "name": .string(row.skill.name),
                    "href": .string(href(row.skill)),
                    "outgoing": .list(withLast: row.outgoing.map { ["name": .string($0.name), "href": .string(href($0))] }),
                    "incoming": .list(withLast: row.incoming.map { ["name": .string($0.name), "href": .string(href($0))] }),
                ]
            }
            return ["id": .string(site.groupIDs[group.index]), "name": .string(site.groups[group.index].name), "nodes": .list(rows),
                    "showName": .bool(site.groups.count > 1)]
        }
    }

    /// The groups that take part in connections between groups, the busiest first.
    private static func groupDrawing(page: PlannedPage, site: SiteContext) -> String? {
        let links = site.graphReport.links
        let report = site.graphReport
        var pairs: [GroupPair: Int] = [:]
        var busy: [Int: Int] = [:]
        for link in links {
            guard let a = site.groupOfSkill[link.from.folder], let b = site.groupOfSkill[link.to.folder], a != b else { continue }
            pairs[GroupPair(a, b), default: 0] += 1
            busy[a, default: 0] += 1
            busy[b, default: 0] += 1
        }
        let chosen = busy.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(GroupGraphSVG.maximumGroups).map(\.key).sorted()
        let position = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { ($1, $0) })
        let nodes = chosen.map { index in
            GroupGraphSVG.Node(name: site.groups[index].name, skills: site.groups[index].skills.count,
                               href: groupHref(index, report: report, page: page, site: site), colour: index)
        }
        let edges = pairs.compactMap { pair, count -> (from: Int, to: Int, count: Int)? in
            guard let from = position[pair.low], let to = position[pair.high] else { return nil }
            return (from, to, count)
        }.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        return GroupGraphSVG(nodes: nodes, edges: edges, strings: site.strings).render()
    }

    /// Where a group's rows are: on this page, or on the detail page that holds them.
    private static func groupHref(_ index: Int, report: GraphReport, page: PlannedPage, site: SiteContext) -> String {
        let anchor = "#" + site.groupIDs[index]
        guard report.isSplit, let part = report.partOfGroup[index] else { return anchor }
        return SitePaths.url(to: report.path(part: part), from: page.path) + anchor
    }

    private struct GroupPair: Hashable {
        var low: Int
        var high: Int
        init(_ a: Int, _ b: Int) { (low, high) = (min(a, b), max(a, b)) }
    }
}
