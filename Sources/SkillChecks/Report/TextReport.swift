import SkillParser
import SkillDuplicates
/// Compiler-style text: each diagnostic as `DiagnosticText` writes it, then a summary line.
public struct TextReport: Sendable {
    public var text: DiagnosticText

    public init(color: Bool = false, displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        text = DiagnosticText(color: color, displayPath: displayPath)
    }

    public func render(_ diagnostics: [Diagnostic], summary: CheckSummary) -> String {
        text.format(diagnostics) + summary.line + "\n"
    }
}
