import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The graph page: an SVG drawn at build time and a table of every skill's connections.
enum GraphPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, [String: MustacheValue]) {
        let graph = site.graph
        let links = SkillLink.all(in: graph)
        let svg = GraphSVG(families: site.families, links: links, page: page.path).render()
        func href(_ skill: Skill) -> String { SitePaths.url(to: SitePaths.page(forSource: skill.skillFile), from: page.path) }
        var outgoingOf: [String: [Skill]] = [:], incomingOf: [String: [Skill]] = [:]
        for link in links {
            outgoingOf[link.from.folder, default: []].append(link.to)
            incomingOf[link.to.folder, default: []].append(link.from)
        }
        var slugger = Slugger()
        let nodes: [MustacheValue] = site.families.flatMap(\.skills).map { skill in
            let outgoing = outgoingOf[skill.folder] ?? []
            let incoming = incomingOf[skill.folder] ?? []
            return [
                "id": .string("Skill-" + slugger.slug(skill.folder.isEmpty ? skill.name : skill.folder)),
                "name": .string(skill.name),
                "href": .string(href(skill)),
                "outgoing": .list(withLast: outgoing.map { ["name": .string($0.name), "href": .string(href($0))] }),
                "incoming": .list(withLast: incoming.map { ["name": .string($0.name), "href": .string(href($0))] }),
            ]
        }
        let summary = "\(HomePage.plural(graph.skills.count, "skill")) and \(HomePage.plural(links.count, "connection")): "
            + "an arrow means that a document of one skill names, lists or links to another."
        var frame = PageFrame(pageTitle: "Skill graph", description: summary)
        frame.breadcrumbs = [("Home", SitePaths.url(to: SitePaths.home, from: page.path))]
        return (frame, [
            "summary": .string(summary),
            "svg": .text(svg),
            "caption": .string("Skills grouped by family around the circle; select a skill to open its page."),
            "tooLarge": .string("The collection has more than \(GraphSVG.maximumSkills) skills, too many to draw legibly; the table lists every connection."),
            "nodes": .list(nodes),
        ])
    }
}
