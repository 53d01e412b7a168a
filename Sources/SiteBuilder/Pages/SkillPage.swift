import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The page of a skill: title, description, every frontmatter field, the body, its documents,
/// the skills it points at and the ones that point at it.
enum SkillPage {
    static func make(_ skill: Skill, page: PlannedPage, site: SiteContext, body: RenderedMarkdown)
        -> (PageFrame, [String: MustacheValue]) {
        let graph = site.graph
        let document = graph.document(at: skill.skillFile)
        let relations = Relations(graph: graph, outgoingEdges: site.outgoingEdges)
        let sources = [skill.skillFile] + skill.documents
        let related = relations.outgoing(from: sources, own: skill)
        let referencedBy = relations.incoming(to: [skill.name] + sources, excluding: Set(sources))
        let documents = skill.documents.compactMap { graph.document(at: $0) }

        var frame = PageFrame(pageTitle: document?.title ?? skill.name, description: skill.manifest?.description)
        frame.currentSkill = skill
        frame.sourceHref = SitePaths.url(to: SitePaths.file(forSource: skill.skillFile), from: page.path)
        frame.breadcrumbs = DocumentPage.familyCrumbs(for: skill, page: page, site: site)
        if let first = documents.first {
            frame.next = (first.title, SitePaths.url(to: SitePaths.page(forSource: first.path), from: page.path))
        }
        let referencesTitle = documents.allSatisfy { $0.kind == .reference } ? "References" : "Documents"
        var extra: [TocEntry] = []
        if !documents.isEmpty { extra.append(TocEntry(level: 2, text: referencesTitle, anchor: "References")) }
        if !related.isEmpty || !referencedBy.isEmpty { extra.append(TocEntry(level: 2, text: "Connections", anchor: "Connections")) }
        if let document { frame.toc = TocEntry.entries(for: document, extra: extra) }

        var values: [String: MustacheValue] = [
            "titleHTML": .text(body.titleHTML),
            "body": .string(body.html),
            "hasReferences": .bool(!documents.isEmpty),
            "referencesTitle": .string(referencesTitle),
            "references": .list(documents.map {
                ["title": .string($0.title), "href": .string(SitePaths.url(to: SitePaths.page(forSource: $0.path), from: page.path)),
                 "path": .string(String($0.path.dropFirst(skill.folder.isEmpty ? 0 : skill.folder.count + 1)))]
            }),
            "hasConnections": .bool(!related.isEmpty || !referencedBy.isEmpty),
            "hasRelated": .bool(!related.isEmpty),
            "related": Relations.values(related, from: page.path),
            "hasReferencedBy": .bool(!referencedBy.isEmpty),
            "referencedBy": Relations.values(referencedBy, from: page.path),
        ]
        if let document {
            values.merge(MetadataPanel.values(for: document, title: "About this skill")) { $1 }
        } else {
            values["hasMetadata"] = false
        }
        return (frame, values)
    }
}
