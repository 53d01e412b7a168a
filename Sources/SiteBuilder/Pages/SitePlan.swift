import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Every page of the site with its path. Two sources that would land on the same path are
/// reported and the later one is left out, so no page silently overwrites another.
struct SitePlan: Sendable {
    private(set) var pages: [PlannedPage] = []
    private(set) var problems: [Diagnostic] = []
    private var taken: [String: String] = [:]

    init(graph: SkillGraph) {
        add(SitePaths.home, .home, by: "the home page")
        add(GeneratedPaths.search, .search, by: "the search page")
        add(GeneratedPaths.notFound, .notFound, by: "the 404 page")
        add(GeneratedPaths.diagnostics, .diagnostics, by: "the diagnostics report")
        add(GeneratedPaths.duplicates, .duplicates, by: "the duplicates report")
        add(GeneratedPaths.graph, .graph, by: "the skill graph page")
        for (index, skill) in graph.skills.enumerated() {
            add(SitePaths.page(forSource: skill.skillFile), .skill(index), by: skill.skillFile)
        }
        for document in graph.documents where document.kind != .skill {
            add(SitePaths.page(forSource: document.path), .document(document.path), by: document.path)
        }
        for document in graph.documents {
            guard let reason = SitePaths.renaming(forSource: document.path) else { continue }
            problems.append(Diagnostic(.warning, code: "site-path-renamed",
                                       "the page of \(document.path) is published as \(SitePaths.page(forSource: document.path)): \(reason)",
                                       at: SourceLocation(file: document.path, line: 1),
                                       suggestion: "rename the file or folder to keep its address"))
        }
        pages.sort { $0.path < $1.path }
    }

    /// Folders that hold the detail pages of the reports; no page of the collection goes there.
    static let reservedFolders = [DiagnosticsReport.folder + "/", DuplicatesReport.folder + "/", GraphReport.folder + "/"]

    /// Adds the detail pages of the reports, once the findings are known (the plan's own
    /// problems are among them). Their folders are reserved, so they never collide.
    mutating func addReportPages(_ reports: [(path: String, kind: PageKind)]) {
        for report in reports { add(report.path, report.kind, by: "the reports") }
        pages.sort { $0.path < $1.path }
    }

    /// Whether `path` is already used by a page, for files copied later.
    func isTaken(_ path: String) -> Bool { taken[path] != nil }

    private mutating func add(_ path: String, _ kind: PageKind, by owner: String) {
        if owner.hasSuffix(".md"), let folder = Self.reservedFolders.first(where: { path.hasPrefix($0) }) {
            problems.append(Diagnostic(.warning, code: "site-path-collision",
                                       "the page of \(owner) would be \(path), inside \(folder), which holds the reports; it was left out of the site",
                                       at: SourceLocation(file: owner, line: 1),
                                       suggestion: "rename the folder"))
            return
        }
        if let first = taken[path] {
            let file = owner.hasSuffix(".md") ? owner : first
            problems.append(Diagnostic(.warning, code: "site-path-collision",
                                       "the page of \(owner) would be \(path), which \(first) already uses; it was left out of the site",
                                       at: SourceLocation(file: file, line: 1),
                                       suggestion: "rename the file"))
            return
        }
        taken[path] = owner
        pages.append(PlannedPage(path: path, kind: kind))
    }
}
