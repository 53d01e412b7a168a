import SkillParser

/// The graph page's table, decided once per build: each group's skills with the skills they
/// point to and that point to them, and, when the whole table would pass a page's budget (a
/// well-connected collection of 2,000 skills writes 750 KB of rows), its groups split into
/// detail pages of bounded size (`reports/graph/connections.html`, `connections-2.html`, …)
/// that the graph page lists. A group is never split across pages.
struct GraphReport: Sendable {
    struct Row: Sendable {
        var skill: Skill
        /// The row's id (`Skill-<folder>`), unique over the whole table.
        var id = ""
        var outgoing: [Skill]
        var incoming: [Skill]
    }

    struct Group: Sendable {
        /// Index in `SiteContext.groups`.
        var index: Int
        var rows: [Row]
    }

    static let folder = "reports/graph"

    let links: [SkillLink]
    /// Whether the graph is drawn by group (a large collection) rather than by skill.
    let isLarge: Bool
    /// Groups with at least one row, in the site's group order.
    let groups: [Group]
    /// Skills left out of the table: those with no connection, in a large collection.
    let unconnected: Int
    /// Each detail page's slice of `groups`.
    let parts: [Range<Int>]
    let isSplit: Bool
    /// The part (from 1) that holds each group's rows, by group index, when split.
    let partOfGroup: [Int: Int]

    init(graph: SkillGraph, groups siteGroups: [SkillGroup], budget: Int = ReportPaging.pageBudget) {
        let links = SkillLink.all(in: graph)
        self.links = links
        let large = graph.skills.count > GraphSVG.maximumSkills
        isLarge = large
        var outgoingOf: [String: [Skill]] = [:], incomingOf: [String: [Skill]] = [:]
        for link in links {
            outgoingOf[link.from.folder, default: []].append(link.to)
            incomingOf[link.to.folder, default: []].append(link.from)
        }
        var unconnected = 0
        var groups: [Group] = []
        for (index, group) in siteGroups.enumerated() {
            let rows: [Row] = group.skills.compactMap { skill in
                let row = Row(skill: skill, outgoing: outgoingOf[skill.folder] ?? [], incoming: incomingOf[skill.folder] ?? [])
                if large && row.outgoing.isEmpty && row.incoming.isEmpty {
                    unconnected += 1
                    return nil
                }
                return row
            }
            if !rows.isEmpty { groups.append(Group(index: index, rows: rows)) }
        }
        var slugger = Slugger()
        for group in groups.indices {
            for row in groups[group].rows.indices {
                let skill = groups[group].rows[row].skill
                groups[group].rows[row].id = "Skill-" + slugger.slug(skill.folder.isEmpty ? skill.name : skill.folder)
            }
        }
        self.groups = groups
        self.unconnected = unconnected
        let weights = groups.map { $0.rows.reduce(200) { $0 + Self.weight($1) } }
        isSplit = weights.reduce(0, +) > budget
        // A group is named by its first skill's folder (or name), as its rows' ids are.
        let marks = groups.map { group in
            ReportPaging.mark { hasher in
                let skill = group.rows.first?.skill
                hasher.add(skill.map { $0.folder.isEmpty ? $0.name : $0.folder } ?? "")
            }
        }
        parts = isSplit ? ReportPaging.split(weights, marks: marks, budget: budget) : [0..<groups.count]
        var partOfGroup: [Int: Int] = [:]
        if isSplit {
            for (part, range) in parts.enumerated() {
                for position in range { partOfGroup[groups[position].index] = part + 1 }
            }
        }
        self.partOfGroup = partOfGroup
    }

    func path(part: Int) -> String { ReportPaging.path(Self.folder + "/connections", part: part) }

    /// The detail pages to plan, by path.
    var pages: [(path: String, kind: PageKind)] {
        guard isSplit else { return [] }
        return parts.indices.map { (path(part: $0 + 1), PageKind.graphPart($0 + 1)) }
    }

    /// About how many bytes of HTML a row takes: a link per skill named (its page's path from
    /// a report page, percent-encoded, its name, the markup around them).
    static func weight(_ row: Row) -> Int {
        func link(_ skill: Skill) -> Int {
            40 + skill.skillFile.utf8.reduce(0) { $0 + ($1 < 0x80 ? 1 : 3) } + skill.name.utf8.count
        }
        return 120 + 2 * link(row.skill) + row.outgoing.reduce(0) { $0 + link($1) } + row.incoming.reduce(0) { $0 + link($1) }
    }
}
