import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The home page: the collection's title and description, a jump list of the groups, an instant
/// filter, then every skill by group. A small collection shows each skill as a card with its
/// description; a large one lists names only, so the page stays small, and the filter loads the
/// descriptions (`skills.js`) on first use.
enum HomePage {
    /// Up to this many skills, the home page shows cards with descriptions.
    static let cardLimit = 150
    /// The lazily loaded list of every skill for the filter of a large collection's home page.
    static let listPath = "skills.js"

    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, MustacheObject) {
        let graph = site.graph
        let compact = isCompact(site)
        let groups: [MustacheValue] = site.groups.enumerated().map { index, group in
            [
                "id": .string(site.groupIDs[index]),
                "name": .string(group.name),
                "count": .string(site.strings.count("skillCount", group.skills.count)),
                "skills": .list(group.skills.map { card($0, page: page, site: site, compact: compact) }),
            ]
        }
        let documents = graph.documents.filter { $0.kind == .reference || $0.kind == .other }.count
        let stats = site.strings.text("collectionStats", ["skills": site.strings.count("skillCount", graph.skills.count),
                                                          "documents": site.strings.count("documentCount", documents)])
        // Markdown outside every skill, so that no page is out of reach (the README has its own link).
        let loose = graph.documents.filter { $0.kind == .loose && $0.path != site.readmePath }
        let frame = PageFrame(pageTitle: site.siteTitle)
        return (frame, [
            "description": .text(site.description),
            "stats": .string(stats),
            "readmeHref": .text(site.readmePath.map { SitePaths.url(to: SitePaths.page(forSource: $0), from: page.path) }),
            "diagnosticsSummary": .string(site.diagnosticsSummary),
            "groups": .list(groups),
            "hasJumpList": .bool(site.groups.count > 1),
            "hasSkills": .bool(!graph.skills.isEmpty),
            "compact": .bool(compact),
            "listHref": .text(compact ? SitePaths.url(to: listPath, from: page.path) : nil),
            "hasLoose": .bool(!loose.isEmpty),
            "looseCount": .string(site.strings.count("documentCount", loose.count)),
            "loose": .list(loose.map {
                ["title": .string($0.title), "href": .string(SitePaths.url(to: SitePaths.page(forSource: $0.path), from: page.path)),
                 "path": .string($0.path)]
            }),
        ])
    }

    /// Whether the home page lists names only (and loads the rest for its filter).
    static func isCompact(_ site: SiteContext) -> Bool { site.graph.skills.count > cardLimit }

    private static func card(_ skill: Skill, page: PlannedPage, site: SiteContext, compact: Bool) -> MustacheValue {
        let href = SitePaths.url(to: SitePaths.page(forSource: skill.skillFile), from: page.path)
        if compact {
            return ["name": .string(skill.name), "href": .string(href), "folder": .text(disambiguation(skill, site: site)),
                    "description": .null, "counts": .null]
        }
        return [
            "name": .string(skill.name),
            "href": .string(href),
            "folder": .text(disambiguation(skill, site: site)),
            "description": .text(skill.manifest?.description),
            "counts": .string(counts(skill, graph: site.graph, strings: site.strings)),
        ]
    }

    /// "4 documents · 12 rules": every document of the skill, whatever folder it is in.
    static func counts(_ skill: Skill, graph: SkillGraph, strings: InterfaceStrings) -> String {
        let documents = ([skill.skillFile] + skill.documents).compactMap { graph.document(at: $0) }
        let rules = documents.reduce(0) { $0 + $1.markdown.ruleCount }
        return strings.text("cardCounts", ["documents": strings.count("documentCount", skill.documents.count),
                                           "rules": strings.count("ruleCount", rules)])
    }

    /// The folder of a skill whose name another skill also has, so the two can be told apart.
    static func disambiguation(_ skill: Skill, site: SiteContext) -> String? {
        site.sharedNames.contains(skill.name) ? skill.folder : nil
    }

    /// `skills.js`: every skill's name, page, group and the start of its description, for the
    /// filter of a large collection's home page. Written only when the home page is compact.
    static func skillList(site: SiteContext) -> Data? {
        guard isCompact(site) else { return nil }
        // Each row made and written as JSON on all cores, in the groups' order, by the search
        // index's escaper (`JSText`: U+2028 and U+2029 escaped, as a script needs): through
        // JSONSerialization, one row after another, this was 0.2 s of the main thread between the
        // plan and render steps at 10,000 synthetic skills.
        let entries = site.groups.flatMap { group in group.skills.map { (skill: $0, group: group.name) } }
        let rows = Parallel.map(entries.count, minimumChunk: 64) { index -> [UInt8] in
            let (skill, group) = entries[index]
            var description = skill.manifest?.description ?? ""
            if description.count > 180 { description = String(description.prefix(177)) + "…" }
            let fields = [skill.name, SitePaths.url(to: SitePaths.page(forSource: skill.skillFile), from: SitePaths.home),
                          description, group]
            var row: [UInt8] = []
            JSText.array(fields.count, into: &row) { index, row in JSText.string(fields[index], into: &row) }
            return row
        }
        var text = Array("window.skillbookSkills=[".utf8)
        for (index, row) in rows.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            text += row
        }
        text += Array("];\n".utf8)
        return Data(text)
    }
}
