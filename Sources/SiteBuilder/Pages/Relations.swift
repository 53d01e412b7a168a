import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// "Related skills" (where a skill's documents point) and "Referenced by" (what points at them),
/// both read from the typed edges of the graph.
struct Relations {
    struct Item: Hashable {
        var name: String
        /// Root-relative page path.
        var page: String
        var kinds: Set<Edge.Kind>
    }

    /// What a page lists: "Related skills" and "Referenced by".
    typealias Lists = (related: [Item], referencedBy: [Item])

    let graph: SkillGraph
    /// Edges by source document, as `SiteContext.outgoingEdges`.
    let outgoingEdges: [String: [Edge]]
    /// Each skill's page by folder, as `SiteContext.skillPages`: a skill's page path was worked
    /// out from its file again for every edge that leads to it or from it.
    let skillPages: [String: PreparedTarget]

    /// What the page of a skill or document lists; `nil` for other pages (and for a document
    /// missing from the graph). A page's input key and its model both show these, so the render
    /// step works them out once per page and hands them to both.
    static func of(_ page: PlannedPage, site: SiteContext) -> Lists? {
        switch page.kind {
        case .skill(let index): ofSkill(site.graph.skills[index], site: site)
        case .document(let path): site.graph.document(at: path).map { ofDocument($0, site: site) }
        default: nil
        }
    }

    /// What a skill's page lists: where its documents point, and what points at the skill or them.
    static func ofSkill(_ skill: Skill, site: SiteContext) -> Lists {
        let relations = Relations(graph: site.graph, outgoingEdges: site.outgoingEdges, skillPages: site.skillPages)
        let sources = [skill.skillFile] + skill.documents
        return (relations.outgoing(from: sources, own: skill),
                relations.incoming(to: [skill.name] + sources, excluding: Set(sources)))
    }

    /// What the page of any other document lists: where it points, and what points at it.
    static func ofDocument(_ document: Document, site: SiteContext) -> Lists {
        let relations = Relations(graph: site.graph, outgoingEdges: site.outgoingEdges, skillPages: site.skillPages)
        return (relations.outgoing(from: [document.path], own: site.graph.skill(of: document)),
                relations.incoming(to: [document.path], excluding: [document.path]))
    }

    /// Skills (and loose documents) that the `sources` documents point at, other than `own`.
    func outgoing(from sources: [String], own: Skill?) -> [Item] {
        var items: [String: Item] = [:]
        for source in sources {
            for edge in outgoingEdges[source] ?? [] {
                guard let (key, name, page) = target(of: edge), key != own?.folder, !sources.contains(key) else { continue }
                items[key, default: Item(name: name, page: page, kinds: [])].kinds.insert(edge.kind)
            }
        }
        return sorted(items)
    }

    /// Skills and loose documents whose documents point at `targets` (a skill name and document
    /// paths), leaving out the documents in `own`.
    func incoming(to targets: [String], excluding own: Set<String>) -> [Item] {
        var items: [String: Item] = [:]
        for target in targets {
            for edge in graph.incoming(target) where edge.kind != .contains && !own.contains(edge.from) {
                guard let document = graph.document(at: edge.from) else { continue }
                if let skill = graph.skill(of: document) {
                    items[skill.folder, default: Item(name: skill.name, page: page(of: skill), kinds: [])]
                        .kinds.insert(edge.kind)
                } else {
                    items[document.path, default: Item(name: document.title, page: SitePaths.page(forSource: document.path), kinds: [])]
                        .kinds.insert(edge.kind)
                }
            }
        }
        return sorted(items)
    }

    /// The skill (or loose document) an edge leads to: its key, its name and its page.
    private func target(of edge: Edge) -> (String, String, String)? {
        switch edge.kind {
        case .mentions, .related:
            guard let skill = graph.skill(named: edge.to) else { return nil }
            return (skill.folder, skill.name, page(of: skill))
        case .link, .path:
            guard let document = graph.document(at: edge.to) else { return nil }
            if let skill = graph.skill(of: document) {
                return (skill.folder, skill.name, page(of: skill))
            }
            return (document.path, document.title, SitePaths.page(forSource: document.path))
        case .contains:
            return nil
        }
    }

    /// The page of `skill`, as `SiteContext.skillPage(of:)`.
    private func page(of skill: Skill) -> String {
        skillPages[skill.folder]?.path ?? SitePaths.page(forSource: skill.skillFile)
    }

    private func sorted(_ items: [String: Item]) -> [Item] {
        items.values.sorted { ($0.name, $0.page) < ($1.name, $1.page) }
    }

    /// "listed as related, mentioned, linked": the kinds of edges an item has.
    static func describe(_ kinds: Set<Edge.Kind>, strings: InterfaceStrings) -> String {
        let order: [(Edge.Kind, String)] = [
            (.related, "howRelated"), (.mentions, "howMentioned"), (.link, "howLinked"), (.path, "howFileNamed"),
        ]
        return strings.list(order.filter { kinds.contains($0.0) }.map { strings[$0.1] })
    }

    static func values(_ items: [Item], from page: String, strings: InterfaceStrings) -> MustacheValue {
        .list(items.map {
            ["name": .string($0.name), "href": .string(SitePaths.url(to: $0.page, from: page)),
             "how": .string(describe($0.kinds, strings: strings))]
        })
    }
}
