import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The page of a skill: title, description, every frontmatter field, the body, its documents,
/// the skills it points at and the ones that point at it.
enum SkillPage {
    static func make(_ skill: Skill, page: PlannedPage, site: SiteContext, body: RenderedMarkdown,
                     relations: Relations.Lists? = nil) -> (PageFrame, MustacheObject) {
        let graph = site.graph
        let document = graph.document(at: skill.skillFile)
        let (related, referencedBy) = relations ?? Relations.ofSkill(skill, site: site)
        let documents = skill.documents.compactMap { graph.document(at: $0) }

        var frame = PageFrame(pageTitle: document?.title ?? skill.name, description: skill.manifest?.description)
        frame.currentSkill = skill
        frame.hasCode = document?.hasHighlightableCode ?? false
        frame.sourceHref = SitePaths.url(to: SitePaths.file(forSource: skill.skillFile), from: page.path)
        frame.breadcrumbs = DocumentPage.groupCrumbs(for: skill, page: page, site: site)
        if let first = documents.first {
            frame.next = (first.title, SitePaths.url(to: SitePaths.page(forSource: first.path), from: page.path))
        }
        let referencesTitle = documents.allSatisfy { $0.kind == .reference } ? site.strings["references"] : site.strings["documents"]
        var extra: [TocEntry] = []
        if !documents.isEmpty { extra.append(TocEntry(level: 2, text: referencesTitle, anchor: "References")) }
        if !related.isEmpty || !referencedBy.isEmpty { extra.append(TocEntry(level: 2, text: site.strings["connections"], anchor: "Connections")) }
        if let document { frame.toc = TocEntry.entries(for: document, extra: extra) }

        var values: MustacheObject = [
            "titleHTML": .text(body.titleHTML),
            "body": .utf8(body.htmlBytes),
            "hasReferences": .bool(!documents.isEmpty),
            "referencesTitle": .string(referencesTitle),
            "documentTree": ["children": .list(site.documentTree(of: skill).values(page: page))],
            "hasConnections": .bool(!related.isEmpty || !referencedBy.isEmpty),
            "neighbourhoodSVG": .text(NeighbourhoodSVG(
                center: skill.name,
                incoming: referencedBy.map { .init(name: $0.name, href: SitePaths.url(to: $0.page, from: page.path)) },
                outgoing: related.map { .init(name: $0.name, href: SitePaths.url(to: $0.page, from: page.path)) },
                strings: site.strings).render()),
            "hasRelated": .bool(!related.isEmpty),
            "related": Relations.values(related, from: page.path, strings: site.strings),
            "hasReferencedBy": .bool(!referencedBy.isEmpty),
            "referencedBy": Relations.values(referencedBy, from: page.path, strings: site.strings),
        ]
        if let document {
            values.merge(MetadataPanel.values(for: document, title: site.strings["aboutThisSkill"]))
        } else {
            values["hasMetadata"] = false
        }
        return (frame, values)
    }
}
