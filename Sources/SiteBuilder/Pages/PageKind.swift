import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The pages of a site.
enum PageKind: Sendable, Hashable {
    case home
    /// The page of a skill, from its `SKILL.md` (the skill's index in `graph.skills`).
    case skill(Int)
    /// The page of any other document (reference, other, loose), by source path.
    case document(String)
    case diagnostics
    /// A detail page of the diagnostics report: part `part` (from 1) of one code's findings.
    case diagnosticsPart(code: String, part: Int)
    case duplicates
    /// A detail page of the duplicates report, from 1.
    case duplicatesPart(Int)
    case graph
    /// A detail page of the graph page's table, from 1.
    case graphPart(Int)
    case search
    case notFound

    /// Name of the page template, and the `page-<kind>` class of the body.
    var template: String {
        switch self {
        case .home: "home"
        case .skill: "skill"
        case .document: "document"
        case .diagnostics: "diagnostics"
        case .diagnosticsPart: "diagnostics-part"
        case .duplicates: "duplicates"
        case .duplicatesPart: "duplicates-part"
        case .graph: "graph"
        case .graphPart: "graph-part"
        case .search: "search"
        case .notFound: "not-found"
        }
    }

    /// The graph page or one of its detail pages (tables of links, no findings to filter).
    var isGraph: Bool {
        switch self {
        case .graph, .graphPart: true
        default: false
        }
    }

    var isReport: Bool {
        switch self {
        case .diagnostics, .diagnosticsPart, .duplicates, .duplicatesPart, .graph, .graphPart: true
        default: false
        }
    }
}

/// A page to render: where it goes and what it shows.
struct PlannedPage: Sendable, Hashable {
    var path: String
    var kind: PageKind
}

/// Fixed paths of the pages the site adds to the collection's own.
enum GeneratedPaths {
    static let search = "search.html"
    static let notFound = "404.html"
    static let diagnostics = "reports/diagnostics.html"
    static let duplicates = "reports/duplicates.html"
    static let graph = "reports/graph.html"
    static let sitemap = "sitemap.xml"
    static let llms = "llms.txt"
    static let marker = ".skillbook-site"
}
