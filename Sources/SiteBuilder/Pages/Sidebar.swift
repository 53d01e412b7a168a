import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The sidebar: skills by family, the current skill expanded with its documents, then the reports.
enum Sidebar {
    static func make(page: PlannedPage, currentSkill: Skill?, site: SiteContext) -> MustacheValue {
        let graph = site.graph
        var families = Array(site.groups.indices)
        if graph.skills.count > SiteContext.fullSidebarLimit {
            // Large collections: only the current family, so pages stay small.
            families = currentSkill.flatMap { site.groupOfSkill[$0.folder] }.map { [$0] } ?? []
        }
        let origin = PreparedTarget.From(page: page.path)
        let familyValues: [MustacheValue] = families.map { index in
            let family = site.groups[index]
            // Each member with the address of its page, worked out once for every page.
            // A family too large to list shows only the current skill, found by its position
            // worked out once (`positionInGroup`): pairing every member, or scanning the family
            // for it, on every page is quadratic in skills.
            if family.skills.count > SiteContext.fullSidebarLimit && currentSkill != nil {
                let members = site.position(of: currentSkill, in: index).map { [(family.skills[$0], site.groupPages[index][$0])] } ?? []
                return [
                    "name": .string(family.name),
                    "open": .bool(site.groups.count == 1 || !members.isEmpty),
                    "skills": .list(members.map { skill, target in
                        entry(skill, target: target, page: page, from: origin, current: true, site: site)
                    }),
                ]
            }
            // The whole family: its entries as most pages show them are shared by every page as
            // deep in the site (`SidebarEntries`); only the entries this page shows otherwise
            // (its skill, the page itself, a skill in the page's top folder) are made here.
            let shared = site.sidebarEntries.family(index, site: site)
            var skills = shared.entries(depth: origin.depth) { position in
                plainEntry(family.skills[position], target: site.groupPages[index][position], depth: origin.depth)
            }
            var own = Set(shared.positions(near: origin))
            var isOpen = false
            if let currentSkill {
                for (position, skill) in family.skills.enumerated() where skill.folder == currentSkill.folder {
                    own.insert(position)
                    isOpen = true
                }
            }
            for position in own {
                let skill = family.skills[position]
                skills[position] = entry(skill, target: site.groupPages[index][position], page: page, from: origin,
                                         current: skill.folder == currentSkill?.folder, site: site)
            }
            return [
                "name": .string(family.name),
                "open": .bool(site.groups.count == 1 || isOpen),
                "skills": .list(skills),
            ]
        }
        return [
            "families": .list(familyValues),
            "more": .text(site.sidebarMore),
            "reports": .list(site.reportPages.map { title, target in
                ["title": .string(title), "href": .string(target.url(from: origin)), "isPage": .bool(page.path == target.path)]
            }),
        ]
    }

    /// The entry of a skill that is not the page's, from a page `depth` folders down outside the
    /// skill's top folder; `nil` when its link depends on more than the depth.
    static func plainEntry(_ skill: Skill, target: PreparedTarget, depth: Int) -> MustacheValue? {
        guard let href = target.url(fromUnrelatedDepth: depth) else { return nil }
        return [
            "name": .string(skill.name),
            "href": .string(href),
            "current": false,
            "isPage": false,
            "hasDocuments": false,
            "documentTree": ["children": .list([])],
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
