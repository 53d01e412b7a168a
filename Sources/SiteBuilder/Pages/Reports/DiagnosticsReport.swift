import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The diagnostics report's shape, decided once per build: findings grouped by code, errors
/// first, each code's findings split into pages of bounded size. When every finding fits in one
/// page the summary page shows them itself and there are no detail pages.
struct DiagnosticsReport: Sendable {
    struct Code: Sendable {
        var code: String
        /// The most serious severity among the code's findings.
        var severity: Severity
        /// In file, line, column order.
        var diagnostics: [Diagnostic]
        /// Each detail page's slice of `diagnostics`.
        var parts: [Range<Int>]
        /// Root-relative path without `.html` of the code's first detail page.
        var base: String

        func path(part: Int) -> String { ReportPaging.path(base, part: part) }
    }

    static let folder = "reports/diagnostics"

    let codes: [Code]
    /// Whether the findings are on detail pages (a large report) or on the summary page itself.
    let isSplit: Bool

    init(_ diagnostics: [Diagnostic], budget: Int = ReportPaging.pageBudget) {
        let byCode = Dictionary(grouping: diagnostics, by: \.code)
        var codes: [Code] = byCode.keys.sorted().map { code in
            let items = byCode[code]!.sorted()
            let severity = items.map(\.severity).max() ?? .note
            return Code(code: code, severity: severity, diagnostics: items,
                        parts: ReportPaging.split(items.map(Self.weight), marks: items.map(Self.mark), budget: budget),
                        base: Self.folder + "/" + Self.fileName(for: code))
        }
        // Errors first, then the codes with the most findings.
        codes.sort { ($1.severity, $1.diagnostics.count, $0.code) < ($0.severity, $0.diagnostics.count, $1.code) }
        self.codes = codes
        isSplit = diagnostics.map(Self.weight).reduce(0, +) > budget
    }

    /// The detail pages to plan, by path.
    var pages: [(path: String, kind: PageKind)] {
        guard isSplit else { return [] }
        return codes.flatMap { code in
            code.parts.indices.map { (code.path(part: $0 + 1), PageKind.diagnosticsPart(code: code.code, part: $0 + 1)) }
        }
    }

    func code(_ name: String) -> Code? { codes.first { $0.code == name } }

    /// What names a finding for `ReportPaging.split`: its place and message.
    static func mark(_ diagnostic: Diagnostic) -> UInt64 {
        ReportPaging.mark { hasher in
            hasher.add(diagnostic.location.file)
            hasher.add(diagnostic.location.line)
            hasher.add(diagnostic.location.column)
            hasher.add(diagnostic.message)
        }
    }

    /// About how many bytes of HTML a finding takes: its texts and the markup around them.
    static func weight(_ diagnostic: Diagnostic) -> Int {
        400 + 2 * (diagnostic.location.file.utf8.count + diagnostic.message.utf8.count + (diagnostic.suggestion?.utf8.count ?? 0))
            + diagnostic.notes.reduce(0) { $0 + 200 + $1.message.utf8.count }
    }

    /// A code as a file name: codes are kebab-case already; anything else becomes `-`.
    static func fileName(for code: String) -> String {
        let name = String(code.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
        return name.isEmpty ? "code" : name
    }
}
