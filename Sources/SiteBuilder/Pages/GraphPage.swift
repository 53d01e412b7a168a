import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The graph page: a drawing made at build time (every skill for a small collection, the groups
/// for a large one) and a table of each skill's connections, by group.
enum GraphPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, [String: MustacheValue]) {
        let graph = site.graph
        let links = SkillLink.all(in: graph)
        let large = graph.skills.count > GraphSVG.maximumSkills
        func href(_ skill: Skill) -> String { SitePaths.url(to: SitePaths.page(forSource: skill.skillFile), from: page.path) }
        var outgoingOf: [String: [Skill]] = [:], incomingOf: [String: [Skill]] = [:]
        for link in links {
            outgoingOf[link.from.folder, default: []].append(link.to)
            incomingOf[link.to.folder, default: []].append(link.from)
        }
        var slugger = Slugger()
        var unconnected = 0
        let groups: [MustacheValue] = site.groups.enumerated().compactMap { index, group in
            let rows: [MustacheValue] = group.skills.compactMap { skill in
                let outgoing = outgoingOf[skill.folder] ?? []
                let incoming = incomingOf[skill.folder] ?? []
                if large && outgoing.isEmpty && incoming.isEmpty {
                    unconnected += 1
                    return nil
                }
                return [
                    "id": .string("Skill-" + slugger.slug(skill.folder.isEmpty ? skill.name : skill.folder)),
                    "name": .string(skill.name),
                    "href": .string(href(skill)),
                    "outgoing": .list(withLast: outgoing.map { ["name": .string($0.name), "href": .string(href($0))] }),
                    "incoming": .list(withLast: incoming.map { ["name": .string($0.name), "href": .string(href($0))] }),
                ]
            }
            guard !rows.isEmpty else { return nil }
            return ["id": .string(site.groupIDs[index]), "name": .string(group.name), "nodes": .list(rows),
                    "showName": .bool(site.groups.count > 1)]
        }
        let svg = large ? groupDrawing(links: links, site: site) : GraphSVG(families: site.groups, links: links, page: page.path, strings: site.strings).render()
        let strings = site.strings
        let summary = strings.text("graphSummary", ["skills": strings.count("skillCount", graph.skills.count),
                                                    "connections": strings.count("connectionCount", links.count)])
        var frame = PageFrame(pageTitle: site.strings["skillGraph"], description: summary)
        frame.breadcrumbs = [(site.strings["home"], SitePaths.url(to: SitePaths.home, from: page.path))]
        return (frame, [
            "summary": .string(summary),
            "svg": .text(svg),
            "caption": .string(strings[large ? "graphCaptionGroups" : "graphCaptionSkills"]),
            "tooLarge": .string(strings["graphTooLarge"]),
            "groups": .list(groups),
            "unconnected": .text(unconnected > 0 ? strings.count("graphUnconnected", unconnected) : nil),
        ])
    }

    /// The groups that take part in connections between groups, the busiest first.
    private static func groupDrawing(links: [SkillLink], site: SiteContext) -> String? {
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
                               href: "#" + site.groupIDs[index], colour: index)
        }
        let edges = pairs.compactMap { pair, count -> (from: Int, to: Int, count: Int)? in
            guard let from = position[pair.low], let to = position[pair.high] else { return nil }
            return (from, to, count)
        }.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        return GroupGraphSVG(nodes: nodes, edges: edges, strings: site.strings).render()
    }

    private struct GroupPair: Hashable {
        var low: Int
        var high: Int
        init(_ a: Int, _ b: Int) { (low, high) = (min(a, b), max(a, b)) }
    }
}
