import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The home page: the collection's title and description, and every skill as a card, by family.
enum HomePage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, [String: MustacheValue]) {
        let graph = site.graph
        let families: [MustacheValue] = site.families.enumerated().map { index, family in
            [
                "id": .string(familyID(index, site: site)),
                "name": .string(family.name),
                "count": .string(family.skills.count == 1 ? "1 skill" : "\(family.skills.count) skills"),
                "skills": .list(family.skills.map { card($0, page: page, graph: graph) }),
            ]
        }
        let references = graph.documents.filter { $0.kind == .reference }.count
        let stats = [plural(graph.skills.count, "skill"), plural(references, "reference")].joined(separator: ", ")
        // Markdown outside every skill, so that no page is out of reach (the README has its own link).
        let loose = graph.documents.filter { $0.kind == .loose && $0.path != site.readmePath }
        let frame = PageFrame(pageTitle: site.siteTitle)
        return (frame, [
            "description": .text(site.description),
            "stats": .string(stats),
            "readmeHref": .text(site.readmePath.map { SitePaths.url(to: SitePaths.page(forSource: $0), from: page.path) }),
            "diagnosticsSummary": .string(DiagnosticsPage.summary(site.input.diagnostics)),
            "families": .list(families),
            "hasLoose": .bool(!loose.isEmpty),
            "looseCount": .string(plural(loose.count, "document")),
            "loose": .list(loose.map {
                ["title": .string($0.title), "href": .string(SitePaths.url(to: SitePaths.page(forSource: $0.path), from: page.path)),
                 "path": .string($0.path)]
            }),
        ])
    }

    static func familyID(_ index: Int, site: SiteContext) -> String {
        site.familyIDs[index]
    }

    private static func card(_ skill: Skill, page: PlannedPage, graph: SkillGraph) -> MustacheValue {
        let documents = ([skill.skillFile] + skill.documents).compactMap { graph.document(at: $0) }
        let references = documents.filter { $0.kind == .reference }.count
        let rules = documents.reduce(0) { $0 + $1.markdown.rules.count }
        return [
            "name": .string(skill.name),
            "href": .string(SitePaths.url(to: SitePaths.page(forSource: skill.skillFile), from: page.path)),
            "description": .text(skill.manifest?.description),
            "counts": .string("\(plural(references, "reference")) · \(plural(rules, "rule"))"),
        ]
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
