import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The page of a reference, another document of a skill, or a loose document: the body, a way
/// back to its skill, previous and next within the skill.
enum DocumentPage {
    static func make(_ document: Document, page: PlannedPage, site: SiteContext, body: RenderedMarkdown,
                     relations: Relations.Lists? = nil) -> (PageFrame, MustacheObject) {
        let graph = site.graph
        let skill = graph.skill(of: document)
        let (related, referencedBy) = relations ?? Relations.ofDocument(document, site: site)

        var frame = PageFrame(pageTitle: document.title)
        frame.currentSkill = skill
        frame.hasCode = document.hasHighlightableCode
        frame.sourceHref = SitePaths.url(to: SitePaths.file(forSource: document.path), from: page.path)
        var extra: [TocEntry] = []
        if !related.isEmpty || !referencedBy.isEmpty { extra.append(TocEntry(level: 2, text: site.strings["connections"], anchor: "Connections")) }
        frame.toc = TocEntry.entries(for: document, extra: extra)

        var values: MustacheObject = [
            "titleHTML": .text(body.titleHTML),
            "body": .utf8(body.htmlBytes),
            "skillHref": .null,
            "skillName": .null,
            "hasReferences": false,
            "referencesTitle": .null,
            "documentTree": .null,
            "hasConnections": .bool(!related.isEmpty || !referencedBy.isEmpty),
            "neighbourhoodSVG": .null,
            "hasRelated": .bool(!related.isEmpty),
            "related": Relations.values(related, from: page.path, strings: site.strings),
            "hasReferencedBy": .bool(!referencedBy.isEmpty),
            "referencedBy": Relations.values(referencedBy, from: page.path, strings: site.strings),
        ]
        values.merge(MetadataPanel.values(for: document, title: site.strings["frontmatter"]))
        if let skill {
            // The skill's page and its documents' pages are split and encoded once for the site.
            let origin = PreparedTarget.From(page: page.path)
            let skillHref = site.skillPage(of: skill).url(from: origin)
            values["skillHref"] = .string(skillHref)
            values["skillName"] = .string(skill.name)
            frame.breadcrumbs = groupCrumbs(for: skill, page: page, site: site) + [(skill.name, skillHref)]
            let sequence = [skill.skillFile] + skill.documents
            if let index = sequence.firstIndex(of: document.path) {
                func link(_ path: String) -> (String, String)? {
                    guard let document = graph.document(at: path), let target = site.documentPage(path) else { return nil }
                    return (document.title, target.url(from: origin))
                }
                if index > 0 { frame.previous = link(sequence[index - 1]) }
                if index + 1 < sequence.count { frame.next = link(sequence[index + 1]) }
            }
        } else {
            frame.breadcrumbs = [(site.strings["home"], SitePaths.url(to: SitePaths.home, from: page.path))]
        }
        return (frame, values)
    }

    /// Home › group: the trail above a skill.
    static func groupCrumbs(for skill: Skill, page: PlannedPage, site: SiteContext) -> [(title: String, href: String)] {
        let home = SitePaths.url(to: SitePaths.home, from: page.path)
        var crumbs: [(title: String, href: String)] = [(site.strings["home"], home)]
        if let index = site.groupOfSkill[skill.folder] {
            crumbs.append((site.groups[index].name, home + "#" + site.groupIDs[index]))
        }
        return crumbs
    }
}
