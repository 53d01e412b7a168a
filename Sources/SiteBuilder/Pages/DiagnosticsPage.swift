import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The diagnostics report: every finding grouped by file, each linking to the exact place.
enum DiagnosticsPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, [String: MustacheValue]) {
        let graph = site.graph
        let diagnostics = site.input.diagnostics
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics { byFile[diagnostic.location.file, default: []].append(diagnostic) }
        var slugger = Slugger()
        let files: [MustacheValue] = byFile.keys.sorted().map { file in
            let items = byFile[file]!.sorted()
            return [
                "id": .string("File-" + slugger.slug(file)),
                "file": .string(file),
                "href": .text(graph.document(at: file).map { _ in SitePaths.url(to: SitePaths.page(forSource: file), from: page.path) }),
                "count": .string(HomePage.plural(items.count, "finding")),
                "diagnostics": .list(items.map { value($0, page: page, graph: graph) }),
            ]
        }
        var frame = PageFrame(pageTitle: "Diagnostics", description: summary(diagnostics))
        frame.breadcrumbs = [("Home", SitePaths.url(to: SitePaths.home, from: page.path))]
        return (frame, ["summary": .string(summary(diagnostics)), "files": .list(files)])
    }

    private static func value(_ diagnostic: Diagnostic, page: PlannedPage, graph: SkillGraph) -> MustacheValue {
        [
            "severity": .string(diagnostic.severity.rawValue),
            "place": .string(ReportLinks.place(diagnostic.location)),
            "href": .text(ReportLinks.href(for: diagnostic.location, in: graph, from: page.path)),
            "messageHTML": .string(ReportLinks.html(diagnostic.message)),
            "code": .string(diagnostic.code),
            "hasNotes": .bool(!diagnostic.notes.isEmpty),
            "notes": .list(diagnostic.notes.map { note in
                [
                    "messageHTML": .string(ReportLinks.html(note.message)),
                    "place": .text(note.location.map(ReportLinks.place)),
                    "href": .text(note.location.flatMap { ReportLinks.href(for: $0, in: graph, from: page.path) }),
                ]
            }),
            "suggestionHTML": .text(diagnostic.suggestion.map(ReportLinks.html)),
        ]
    }

    /// "2 errors, 1 warning in 3 files", or "No problems found".
    static func summary(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "No problems found" }
        var parts: [String] = []
        for severity in Severity.allCases.reversed() {
            let count = diagnostics.filter { $0.severity == severity }.count
            if count > 0 { parts.append(HomePage.plural(count, severity.rawValue)) }
        }
        let files = Set(diagnostics.map(\.location.file)).count
        return parts.joined(separator: ", ") + " in " + HomePage.plural(files, "file")
    }
}
