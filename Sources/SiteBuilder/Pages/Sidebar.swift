import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The sidebar: skills by family, the current skill expanded with its documents, then the reports.
enum Sidebar {
    static func make(page: PlannedPage, currentSkill: Skill?, site: SiteContext) -> MustacheValue {
        let graph = site.graph
        var families = Array(site.groups.indices)
        var more: String?
        if graph.skills.count > SiteContext.fullSidebarLimit {
            // Large collections: only the current family, so pages stay small.
            families = currentSkill.flatMap { site.groupOfSkill[$0.folder] }.map { [$0] } ?? []
            more = site.strings.count("allSkillsCount", graph.skills.count)
        }
        let origin = PreparedTarget.From(page: page.path)
        let familyValues: [MustacheValue] = families.map { index in
            let family = site.groups[index]
            // Each member with the address of its page, worked out once for every page.
            // A family too large to list shows only the current skill, found by its position
            // worked out once (`positionInGroup`): pairing every member, or scanning the family
            // for it, on every page is quadratic in skills.
            let members = family.skills.count > SiteContext.fullSidebarLimit && currentSkill != nil
                ? site.position(of: currentSkill, in: index).map { [(family.skills[$0], site.groupPages[index][$0])] } ?? []
                : Array(zip(family.skills, site.groupPages[index]))
            let open = site.groups.count == 1 || members.contains { $0.0.folder == currentSkill?.folder }
            return [
                "name": .string(family.name),
                "open": .bool(open),
                "skills": .list(members.map { skill, target in
                    entry(skill, target: target, page: page, from: origin, current: skill.folder == currentSkill?.folder, site: site)
                }),
            ]
        }
        let reports: [(String, String)] = [
            (site.strings["diagnostics"], GeneratedPaths.diagnostics), (site.strings["duplicates"], GeneratedPaths.duplicates), (site.strings["skillGraph"], GeneratedPaths.graph),
        ]
        return [
            "families": .list(familyValues),
            "more": .text(more),
            "reports": .list(reports.map { title, path in
                ["title": .string(title), "href": .string(SitePaths.url(to: path, from: page.path)), "isPage": .bool(page.path == path)]
            }),
        ]
    }

    private static func entry(_ skill: Skill, target skillPage: PreparedTarget, page: PlannedPage, from origin: PreparedTarget.From,
                              current: Bool, site: SiteContext) -> MustacheValue {
        let documents = current ? site.documentTree(of: skill).values(page: page) : []
        return [
            "name": .string(skill.name),
            "href": .string(skillPage.url(from: origin)),
            "current": .bool(current),
            "isPage": .bool(skillPage.path == page.path),
            "hasDocuments": .bool(!documents.isEmpty),
            "documentTree": ["children": .list(documents)],
        ]
    }
}
