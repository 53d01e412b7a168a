import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The diagnostics report: a summary by severity and code (errors first) that links into the
/// findings, which sit on the summary page itself for a small collection and on detail pages
/// of bounded size (`reports/diagnostics/<code>.html`) for a large one.
enum DiagnosticsPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, [String: MustacheValue]) {
        let report = site.diagnosticsReport
        let diagnostics = site.input.diagnostics
        let codes: [MustacheValue] = report.codes.map { code in
            let href = report.isSplit
                ? SitePaths.url(to: code.path(part: 1), from: page.path)
                : "#" + codeID(code.code)
            return [
                "code": .string(code.code),
                "severity": .string(code.severity.rawValue),
                "href": .string(href),
                "count": .count(code.diagnostics.count),
                "files": .count(Set(code.diagnostics.map(\.location.file)).count),
                "pagesLabel": .text(code.parts.count > 1 ? "\(code.parts.count) pages" : nil),
            ]
        }
        let sections: [MustacheValue] = report.isSplit ? [] : report.codes.map { code in
            [
                "id": .string(codeID(code.code)),
                "code": .string(code.code),
                "severity": .string(code.severity.rawValue),
                "count": .string(HomePage.plural(code.diagnostics.count, "finding")),
                "diagnostics": .list(code.diagnostics.map { value($0, page: page, site: site) }),
            ]
        }
        var frame = PageFrame(pageTitle: site.strings["diagnostics"], description: summary(diagnostics))
        frame.breadcrumbs = [(site.strings["home"], SitePaths.url(to: SitePaths.home, from: page.path))]
        return (frame, [
            "summary": .string(summary(diagnostics)),
            "hasFindings": .bool(!diagnostics.isEmpty),
            "codes": .list(codes),
            "sections": .list(sections),
            "hasSections": .bool(!sections.isEmpty),
            "filter": filter(Set(diagnostics.map(\.severity))),
        ])
    }

    /// One detail page: a slice of one code's findings, with links to the code's other pages.
    static func makePart(code name: String, part: Int, page: PlannedPage, site: SiteContext) -> (PageFrame, [String: MustacheValue]) {
        let report = site.diagnosticsReport
        guard let code = report.code(name), part >= 1, part <= code.parts.count else {
            return (PageFrame(pageTitle: name), [:])
        }
        let items = code.diagnostics[code.parts[part - 1]]
        let title = code.parts.count > 1 ? "\(code.code), page \(part) of \(code.parts.count)" : code.code
        let first = code.parts[part - 1].lowerBound + 1, last = code.parts[part - 1].upperBound
        let lead = "\(HomePage.plural(code.diagnostics.count, code.severity.rawValue)) with the code \(code.code)"
            + (code.parts.count > 1 ? "; this page lists \(first) to \(last)." : ".")
        var frame = PageFrame(pageTitle: title, description: lead)
        let summaryHref = SitePaths.url(to: GeneratedPaths.diagnostics, from: page.path)
        frame.breadcrumbs = [(site.strings["home"], SitePaths.url(to: SitePaths.home, from: page.path)), (site.strings["diagnostics"], summaryHref)]
        if part > 1 { frame.previous = ("\(code.code), page \(part - 1)", SitePaths.url(to: code.path(part: part - 1), from: page.path)) }
        if part < code.parts.count { frame.next = ("\(code.code), page \(part + 1)", SitePaths.url(to: code.path(part: part + 1), from: page.path)) }
        return (frame, [
            "code": .string(code.code),
            "severity": .string(code.severity.rawValue),
            "lead": .string(lead),
            "summaryHref": .string(summaryHref),
            "diagnostics": .list(items.map { value($0, page: page, site: site) }),
            "parts": .list(code.parts.indices.map { index in
                ["label": .string("\(index + 1)"), "href": .string(SitePaths.url(to: code.path(part: index + 1), from: page.path)),
                 "isPage": .bool(index + 1 == part)]
            }),
            "hasParts": .bool(code.parts.count > 1),
            "partLabel": .text(code.parts.count > 1 ? "page \(part) of \(code.parts.count)" : nil),
            "filter": filter(Set(items.map(\.severity))),
        ])
    }

    /// The values of the `report-filter` partial: a severity box for each severity present.
    static func filter(_ severities: Set<Severity>) -> MustacheValue {
        [
            "severities": .list(Severity.allCases.reversed().filter(severities.contains).map { ["severity": .string($0.rawValue)] }),
            "hasSeverities": .bool(severities.count > 1),
        ]
    }

    static func codeID(_ code: String) -> String { "Code-" + DiagnosticsReport.fileName(for: code) }

    private static func value(_ diagnostic: Diagnostic, page: PlannedPage, site: SiteContext) -> MustacheValue {
        let graph = site.graph
        return [
            "severity": .string(diagnostic.severity.rawValue),
            "skill": .text(graph.document(at: diagnostic.location.file).flatMap { graph.skill(of: $0) }?.name),
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
