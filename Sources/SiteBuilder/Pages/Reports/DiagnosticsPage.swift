import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The diagnostics report: a summary by severity and code (errors first) that links into the
/// findings, which sit on the summary page itself for a small collection and on detail pages
/// of bounded size (`reports/diagnostics/<code>.html`) for a large one.
enum DiagnosticsPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, MustacheObject) {
        let report = site.diagnosticsReport
        let strings = site.strings
        let diagnostics = site.input.diagnostics
        let codes: [MustacheValue] = report.codes.map { code in
            let href = report.isSplit
                ? SitePaths.url(to: code.path(part: 1), from: page.path)
                : "#" + codeID(code.code)
            return [
                "code": .string(code.code),
                "severity": .string(code.severity.rawValue),
                "severityLabel": .string(severityName(code.severity, strings: strings)),
                "href": .string(href),
                "count": .count(code.diagnostics.count),
                "files": .count(Set(code.diagnostics.map(\.location.file)).count),
                "pagesLabel": .text(code.parts.count > 1 ? strings.count("pageCount", code.parts.count) : nil),
            ]
        }
        let origin = PreparedTarget.From(page: page.path)
        let sections: [MustacheValue] = report.isSplit ? [] : report.codes.map { code in
            [
                "id": .string(codeID(code.code)),
                "code": .string(code.code),
                "severity": .string(code.severity.rawValue),
                "count": .string(strings.count("findingCount", code.diagnostics.count)),
                "diagnostics": .list(code.diagnostics.map { value($0, from: origin, site: site) }),
            ]
        }
        let summary = site.diagnosticsSummary
        var frame = PageFrame(pageTitle: strings["diagnostics"], description: summary)
        frame.breadcrumbs = [(site.strings["home"], SitePaths.url(to: SitePaths.home, from: page.path))]
        return (frame, [
            "summary": .string(summary),
            "hasFindings": .bool(!diagnostics.isEmpty),
            "codes": .list(codes),
            "sections": .list(sections),
            "hasSections": .bool(!sections.isEmpty),
            "filter": filter(Set(diagnostics.map(\.severity)), strings: strings),
        ])
    }

    /// One detail page: a slice of one code's findings, with links to the code's other pages.
    static func makePart(code name: String, part: Int, page: PlannedPage, site: SiteContext) -> (PageFrame, MustacheObject) {
        let report = site.diagnosticsReport
        let strings = site.strings
        guard let code = report.code(name), part >= 1, part <= code.parts.count else {
            return (PageFrame(pageTitle: name), [:])
        }
        let items = code.diagnostics[code.parts[part - 1]]
        let parts = code.parts.count
        let title = parts > 1 ? strings.text("codePart", ["code": code.code, "part": "\(part)", "parts": "\(parts)"]) : code.code
        let first = code.parts[part - 1].lowerBound + 1, last = code.parts[part - 1].upperBound
        let findings = strings.count(countKey(code.severity), code.diagnostics.count)
        let lead = parts > 1
            ? strings.text("codeLeadPart", ["findings": findings, "code": code.code, "first": "\(first)", "last": "\(last)"])
            : strings.text("codeLead", ["findings": findings, "code": code.code])
        var frame = PageFrame(pageTitle: title, description: lead)
        let summaryHref = SitePaths.url(to: GeneratedPaths.diagnostics, from: page.path)
        frame.breadcrumbs = [(strings["home"], SitePaths.url(to: SitePaths.home, from: page.path)), (strings["diagnostics"], summaryHref)]
        if part > 1 { frame.previous = (strings.text("codePartLink", ["code": code.code, "part": "\(part - 1)"]), SitePaths.url(to: code.path(part: part - 1), from: page.path)) }
        if part < parts { frame.next = (strings.text("codePartLink", ["code": code.code, "part": "\(part + 1)"]), SitePaths.url(to: code.path(part: part + 1), from: page.path)) }
        return (frame, [
            "code": .string(code.code),
            "severity": .string(code.severity.rawValue),
            "lead": .string(lead),
            "pagesNavLabel": .string(strings.text("pagesOfCode", ["code": code.code])),
            "summaryHref": .string(summaryHref),
            "diagnostics": .list(items.map { value($0, from: PreparedTarget.From(page: page.path), site: site) }),
            "parts": .list(code.parts.indices.map { index in
                ["label": .string("\(index + 1)"), "href": .string(SitePaths.url(to: code.path(part: index + 1), from: page.path)),
                 "isPage": .bool(index + 1 == part)]
            }),
            "hasParts": .bool(code.parts.count > 1),
            "partLabel": .text(parts > 1 ? strings.text("partOfParts", ["part": "\(part)", "parts": "\(parts)"]) : nil),
            "filter": filter(Set(items.map(\.severity)), strings: strings),
        ])
    }

    /// The values of the `report-filter` partial: a severity box for each severity present.
    static func filter(_ severities: Set<Severity>, strings: InterfaceStrings) -> MustacheValue {
        [
            "severities": .list(Severity.allCases.reversed().filter(severities.contains).map {
                ["severity": .string($0.rawValue), "severityLabel": .string(severityName($0, strings: strings))]
            }),
            "hasSeverities": .bool(severities.count > 1),
        ]
    }

    static func codeID(_ code: String) -> String { "Code-" + DiagnosticsReport.fileName(for: code) }

    private static func value(_ diagnostic: Diagnostic, from origin: PreparedTarget.From, site: SiteContext) -> MustacheValue {
        let graph = site.graph
        return [
            "severity": .string(diagnostic.severity.rawValue),
            "severityLabel": .string(severityName(diagnostic.severity, strings: site.strings)),
            "skill": .text(graph.document(at: diagnostic.location.file).flatMap { graph.skill(of: $0) }?.name),
            "place": .string(ReportLinks.place(diagnostic.location)),
            "href": .text(ReportLinks.href(for: diagnostic.location, site: site, from: origin)),
            "messageHTML": .string(ReportLinks.html(diagnostic.message)),
            "code": .string(diagnostic.code),
            "hasNotes": .bool(!diagnostic.notes.isEmpty),
            "notes": .list(diagnostic.notes.map { note in
                [
                    "messageHTML": .string(ReportLinks.html(note.message)),
                    "place": .text(note.location.map(ReportLinks.place)),
                    "href": .text(note.location.flatMap { ReportLinks.href(for: $0, site: site, from: origin) }),
                ]
            }),
            "suggestionHTML": .text(diagnostic.suggestion.map(ReportLinks.html)),
        ]
    }

    /// "2 errors, 1 warning in 3 files", or "No problems found.".
    static func summary(_ diagnostics: [Diagnostic], strings: InterfaceStrings) -> String {
        guard !diagnostics.isEmpty else { return strings["noProblems"] }
        // Counted in one pass, without copying the findings: the home page and the report both
        // show it, and agentic-awesome-skills has tens of thousands of findings.
        var counts: [Severity: Int] = [:]
        var fileNames: Set<String> = []
        for diagnostic in diagnostics {
            counts[diagnostic.severity, default: 0] += 1
            fileNames.insert(diagnostic.location.file)
        }
        var parts: [String] = []
        for severity in Severity.allCases.reversed() {
            if let count = counts[severity], count > 0 { parts.append(strings.count(countKey(severity), count)) }
        }
        let files = fileNames.count
        return strings.text("findingsIn", ["findings": strings.list(parts), "files": strings.count("fileCount", files)])
    }

    /// A severity's name as the badges and the filter show it ("error", "错误"); the
    /// `severity-error` classes and `data-severity` values stay the code's own words.
    static func severityName(_ severity: Severity, strings: InterfaceStrings) -> String {
        switch severity {
        case .error: strings["severityError"]
        case .warning: strings["severityWarning"]
        case .note: strings["severityNote"]
        }
    }

    /// The count key of a severity: "3 errors", "1 warning".
    static func countKey(_ severity: Severity) -> String {
        switch severity {
        case .error: "errorCount"
        case .warning: "warningCount"
        case .note: "noteCount"
        }
    }
}
