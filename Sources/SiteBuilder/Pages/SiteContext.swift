import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// What every page of one build shares, worked out once before pages render in parallel.
struct SiteContext: Sendable {
    let input: SiteInput
    let templates: [String: MustacheTemplate]
    let siteTitle: String
    let description: String?
    /// The root README, linked from the home page.
    let readmePath: String?
    let families: [SkillFamily]
    /// Family index of each skill, by folder.
    let familyOfSkill: [String: Int]
    /// The id of each family's section on the home page.
    let familyIDs: [String]
    /// Edges by the document they start from (`SkillGraph.outgoing` scans every edge).
    let outgoingEdges: [String: [Edge]]
    /// Source lines that the reports link to, per document.
    let anchoredLines: [String: [Int]]
    let hasHighlight: Bool
    let hasSearchScript: Bool
    /// The theme's stylesheet, for the 404 page which inlines it.
    let inlineCSS: String
    /// Above this many skills the sidebar shows only the current family.
    static let fullSidebarLimit = 150

    var graph: SkillGraph { input.graph }

    /// Ids the templates use; a heading anchor is never upper case, these partly are.
    static let reservedIDs: Set<String> = [
        "Content", "Sidebar", "Toc-title", "Documents", "Metadata", "References", "Related", "Referenced-by", "Connections",
        "search-input", "search-results", "search-page-input",
    ]

    init(input: SiteInput, templates: [String: MustacheTemplate], hasHighlight: Bool, hasSearchScript: Bool,
         stylesheet: String = "") {
        self.input = input
        // `</style` would end the element early; `<\/` means the same to CSS.
        inlineCSS = stylesheet.replacingOccurrences(of: "</", with: "<\\/")
        self.templates = templates
        self.hasHighlight = hasHighlight
        self.hasSearchScript = hasSearchScript
        let graph = input.graph
        let identity = CollectionIdentity(graph: graph, config: input.config)
        readmePath = identity.readmePath
        siteTitle = identity.title
        description = identity.description
        families = SkillFamilies.group(graph.skills)
        var familyOfSkill: [String: Int] = [:]
        for (index, family) in families.enumerated() {
            for skill in family.skills { familyOfSkill[skill.folder] = index }
        }
        self.familyOfSkill = familyOfSkill
        var slugger = Slugger()
        familyIDs = families.map { "Family-" + slugger.slug($0.name) }
        outgoingEdges = Dictionary(grouping: graph.edges, by: \.from)
        var lines: [String: Set<Int>] = [:]
        let places = input.diagnostics.flatMap { [$0.location] + $0.notes.compactMap(\.location) }
            + (input.duplicates ?? []).flatMap { $0.members.map(\.location) }
        for place in places {
            if let anchor = ReportLinks.anchor(for: place, in: graph), anchor.hasPrefix("L") {
                lines[place.file, default: []].insert(place.line)
            }
        }
        anchoredLines = lines.mapValues { $0.sorted() }
    }

    /// The family a skill belongs to.
    func family(of skill: Skill) -> SkillFamily? {
        familyOfSkill[skill.folder].map { families[$0] }
    }

    func template(_ name: String) -> MustacheTemplate? {
        templates[name]
    }
}
