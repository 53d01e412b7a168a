import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// What every page of one build shares that needs neither the findings nor the duplicate
/// clusters: the collection's title, the groups of skills, each skill's document tree and page,
/// the graph report, the interface strings and the theme's parts. `build` makes it beside the
/// dedupe and check steps (`SitePreparation`); the plan step adds the findings' side
/// (`SiteContext`). In a rebuild of agentic-awesome-skills after one changed reference, this
/// part was about 25 ms of the plan step's main thread and 30 ms of its other threads.
struct SiteFrame: Sendable {
    let templates: [String: MustacheTemplate]
    /// The interface strings in the site's language (`strings.language`, the pages' `lang`).
    let strings: InterfaceStrings
    /// The same as a template value, `{{strings.key}}`, built once.
    let stringValues: MustacheValue
    let siteTitle: String
    let description: String?
    /// The root README, linked from the home page.
    let readmePath: String?
    /// Skills by group, as `SkillGroups` decides.
    let groups: [SkillGroup]
    /// Group index of each skill, by folder.
    let groupOfSkill: [String: Int]
    /// Each skill's position among its group's `skills`, by folder, so that a page finds its skill
    /// in a large group without scanning it (a scan per page is quadratic in skills).
    let positionInGroup: [String: Int]
    /// The id of each group's section on the home page.
    let groupIDs: [String]
    /// Edges by the document they start from (`SkillGraph.outgoing` scans every edge).
    let outgoingEdges: [String: [Edge]]
    /// Each skill's document tree, by skill folder, made when a page first shows it
    /// (`documentTree(of:)`): a rebuild that makes one page makes one tree instead of every
    /// skill's (17-19 ms of processor time for agentic-awesome-skills).
    let documentTrees = ValuesMemo<String, DocumentTree>()
    /// The address of each skill's page, by skill folder, worked out once for every page that shows it.
    let skillPages: [String: PreparedTarget]
    /// The same for the members of each group, in the group's order (the sidebar lists them).
    let groupPages: [[PreparedTarget]]
    /// The reports, as every page's sidebar links to them.
    let reportPages: [(title: String, target: PreparedTarget)]
    /// "All 1,234 skills" under a sidebar that shows only the current family, else `nil`.
    let sidebarMore: String?
    /// Names that more than one skill has; such skills show their folder beside the name.
    let sharedNames: Set<String>
    let graphReport: GraphReport
    let hasHighlight: Bool
    let hasSearchScript: Bool
    /// The theme's stylesheet, for the 404 page which inlines it.
    let inlineCSS: String
    /// The SVG images pages show inline, read while planning (`CopyPlan`); `nil` reads them as pages render.
    let inlineImages: InlineImages?

    init(graph: SkillGraph, config: CollectionConfig, templates: [String: MustacheTemplate], strings: InterfaceStrings = .english,
         hasHighlight: Bool, hasSearchScript: Bool, stylesheet: String = "", inlineImages: InlineImages? = nil) {
        self.inlineImages = inlineImages
        // `</style` would end the element early; `<\/` means the same to CSS.
        inlineCSS = stylesheet.replacingOccurrences(of: "</", with: "<\\/")
        self.templates = templates
        self.strings = strings
        stringValues = strings.templateValue
        self.hasHighlight = hasHighlight
        self.hasSearchScript = hasSearchScript
        // The edges by source are made on a thread of their own (a hash of every edge's source:
        // 0.1 s at 10,000 synthetic skills).
        let edgesBySource = BackgroundStep { Dictionary(grouping: graph.edges, by: \.from) }
        let identity = CollectionIdentity(graph: graph, config: config)
        readmePath = identity.readmePath
        siteTitle = identity.title
        description = identity.description
        let groups = SkillGroups.group(graph.skills, config: config, names: CatchAllNames(strings))
        self.groups = groups
        // The graph report (every edge's pair of skills, then the table) needs only the groups:
        // it is made on a thread of its own too, beside the lookups below (at 10,000 synthetic
        // skills, 0.2 s of the 0.5 s this init spent on the main thread).
        let graphReporting = BackgroundStep { GraphReport(graph: graph, groups: groups) }
        var groupOfSkill: [String: Int] = [:], positionInGroup: [String: Int] = [:]
        for (index, group) in groups.enumerated() {
            for (position, skill) in group.skills.enumerated() {
                groupOfSkill[skill.folder] = index
                positionInGroup[skill.folder] = position
            }
        }
        self.groupOfSkill = groupOfSkill
        self.positionInGroup = positionInGroup
        var slugger = Slugger()
        groupIDs = groups.map { "Group-" + slugger.slug($0.name) }
        let targets = Parallel.map(graph.skills, minimumChunk: 64) { PreparedTarget(SitePaths.page(forSource: $0.skillFile)) }
        skillPages = Dictionary(zip(graph.skills.map(\.folder), targets), uniquingKeysWith: { first, _ in first })
        let skillPages = self.skillPages
        groupPages = groups.map { group in
            group.skills.map { skillPages[$0.folder] ?? PreparedTarget(SitePaths.page(forSource: $0.skillFile)) }
        }
        reportPages = [
            (strings["diagnostics"], PreparedTarget(GeneratedPaths.diagnostics)), (strings["duplicates"], PreparedTarget(GeneratedPaths.duplicates)),
            (strings["skillGraph"], PreparedTarget(GeneratedPaths.graph)),
        ]
        sidebarMore = graph.skills.count > SiteContext.fullSidebarLimit ? strings.count("allSkillsCount", graph.skills.count) : nil
        sharedNames = Set(Dictionary(grouping: graph.skills, by: \.name).filter { $0.value.count > 1 }.keys)
        // The work cannot fail.
        graphReport = try! graphReporting.wait()
        outgoingEdges = try! edgesBySource.wait()
    }
}

/// What every page of one build shares, worked out once before pages render in parallel: the
/// frame (`SiteFrame`) and the findings' side (the reports, the source lines they link to).
struct SiteContext: Sendable {
    let input: SiteInput
    let frame: SiteFrame
    /// Source lines that the reports link to, per document.
    let anchoredLines: [String: [Int]]
    /// The sidebar's entries shared by pages, made as pages ask for them.
    let sidebarEntries = SidebarEntries()
    /// The pages of the documents the reports link to, split and encoded once for all the
    /// findings in each (`documentPage`).
    private let documentPages = ValuesMemo<String, PreparedTarget?>()
    /// The reports' grouping and paging, shared by the summary and detail pages.
    let diagnosticsReport: DiagnosticsReport
    let duplicatesReport: DuplicatesReport
    /// "2 errors, 5 warnings in 3 files", as the home page and the diagnostics report show it
    /// (`DiagnosticsPage.summary`), counted once.
    let diagnosticsSummary: String
    /// Above this many skills the sidebar shows only the current family.
    static let fullSidebarLimit = 150

    var graph: SkillGraph { input.graph }
    var templates: [String: MustacheTemplate] { frame.templates }
    var strings: InterfaceStrings { frame.strings }
    var stringValues: MustacheValue { frame.stringValues }
    var siteTitle: String { frame.siteTitle }
    var description: String? { frame.description }
    var readmePath: String? { frame.readmePath }
    var groups: [SkillGroup] { frame.groups }
    var groupOfSkill: [String: Int] { frame.groupOfSkill }
    var positionInGroup: [String: Int] { frame.positionInGroup }
    var groupIDs: [String] { frame.groupIDs }
    var outgoingEdges: [String: [Edge]] { frame.outgoingEdges }
    var skillPages: [String: PreparedTarget] { frame.skillPages }
    var groupPages: [[PreparedTarget]] { frame.groupPages }
    var reportPages: [(title: String, target: PreparedTarget)] { frame.reportPages }
    var sidebarMore: String? { frame.sidebarMore }
    var sharedNames: Set<String> { frame.sharedNames }
    var graphReport: GraphReport { frame.graphReport }
    var hasHighlight: Bool { frame.hasHighlight }
    var hasSearchScript: Bool { frame.hasSearchScript }
    var inlineCSS: String { frame.inlineCSS }
    var inlineImages: InlineImages? { frame.inlineImages }

    /// Ids the templates use; a heading anchor is never upper case, these partly are.
    static let reservedIDs: Set<String> = [
        "Content", "Sidebar", "Toc-title", "Documents", "Metadata", "References", "Related", "Referenced-by", "Connections",
        "search-input", "search-results", "search-page-input", "Filter-skill", "Codes", "Groups", "Pages",
        "Skill-filter", "Skill-filter-status", "Skill-matches", "Neighbourhood-title", "Neighbourhood-arrow", "Toc-toggle",
    ]

    /// `frame` must be made from `input`'s graph and configuration.
    init(input: SiteInput, frame: SiteFrame) {
        self.input = input
        self.frame = frame
        // The findings' report grouping is made on a thread of its own while the source lines
        // the reports link to are found here: the two share nothing.
        let report = BackgroundStep {
            (DiagnosticsReport(input.diagnostics), DiagnosticsPage.summary(input.diagnostics, strings: frame.strings))
        }
        anchoredLines = Self.anchoredLines(input)
        duplicatesReport = DuplicatesReport(input.duplicates)
        // The work cannot fail.
        (diagnosticsReport, diagnosticsSummary) = try! report.wait()
    }

    /// Source lines that the reports link to, per document: the lines of findings, their notes
    /// and the duplicates' places that the reports link to by an `L<line>` anchor.
    private static func anchoredLines(_ input: SiteInput) -> [String: [Int]] {
        var lines: [String: Set<Int>] = [:]
        // The findings are sorted by file: each file is looked up once for a run of its places.
        var files = PlaceFiles(graph: input.graph, withSkills: false)
        func add(_ place: SourceLocation) {
            if files.facts(of: place.file)?.anchors.isLineAnchor(line: place.line) == true {
                lines[place.file, default: []].insert(place.line)
            }
        }
        for diagnostic in input.diagnostics {
            add(diagnostic.location)
            for note in diagnostic.notes { if let location = note.location { add(location) } }
        }
        for cluster in input.duplicates ?? [] {
            for member in cluster.members { add(member.location) }
        }
        return lines.mapValues { $0.sorted() }
    }

    /// The tree of a skill's documents.
    func documentTree(of skill: Skill) -> DocumentTree {
        frame.documentTrees.value(skill.folder) { DocumentTree(skill, graph: graph, strings: strings) }
    }

    /// The address of a skill's page.
    func skillPage(of skill: Skill) -> PreparedTarget {
        skillPages[skill.folder] ?? PreparedTarget(SitePaths.page(forSource: skill.skillFile))
    }

    /// The page of the document at `path`, `nil` when there is no such document.
    func documentPage(_ path: String) -> PreparedTarget? {
        documentPages.value(path) { graph.document(at: path).map { PreparedTarget(SitePaths.page(forSource: $0.path)) } }
    }

    /// Where `skill` sits among the skills of group `group`, when it is one of them.
    func position(of skill: Skill?, in group: Int) -> Int? {
        guard let skill, groupOfSkill[skill.folder] == group, let position = positionInGroup[skill.folder],
              groups[group].skills.indices.contains(position) else { return nil }
        return position
    }

    /// The group a skill belongs to.
    func group(of skill: Skill) -> SkillGroup? {
        groupOfSkill[skill.folder].map { groups[$0] }
    }

    func template(_ name: String) -> MustacheTemplate? {
        templates[name]
    }
}
