/// Compiler-style text for diagnostics:
///
///     Content/a/SKILL.md:12:3: error: link target does not exist [broken-link]
///     Content/a/SKILL.md:4:1: note: first stated here
///       suggestion: did you mean `references/x.md`?
public struct DiagnosticText: Sendable {
    /// Turns a root-relative path into the path shown (usually relative to the current folder).
    public var displayPath: @Sendable (String) -> String
    public var color: Bool

    public init(color: Bool = false, displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.color = color
        self.displayPath = displayPath
    }

    public func format(_ raw: Diagnostic) -> String {
        let diagnostic = raw.escapedForDisplay
        let location = diagnostic.location
        var text = "\(place(location)): \(paint(diagnostic.severity.rawValue + ":", diagnostic.severity)) "
            + "\(bold(diagnostic.message)) [\(diagnostic.code)]\n"
        for note in diagnostic.notes {
            let at = note.location.map(place) ?? place(location)
            text += "\(at): \(paint("note:", .note)) \(note.message)\n"
        }
        if let suggestion = diagnostic.suggestion {
            text += "  \(paint("suggestion:", .note)) \(suggestion)\n"
        }
        return text
    }

    /// Every diagnostic's text, in order. Formatted on all cores, a run of them at a time: a check
    /// of agentic-awesome-skills prints 15,000 findings, and formatting them one after another was
    /// the last 20 ms of its 1.25 s, on one core (perf timeline).
    public func format(_ diagnostics: [Diagnostic]) -> String {
        let run = 256
        return Parallel.map((diagnostics.count + run - 1) / run, minimumChunk: 1) { part in
            diagnostics[(part * run)..<min(diagnostics.count, (part + 1) * run)].map(format).joined()
        }.joined()
    }

    private func place(_ location: SourceLocation) -> String {
        "\(displayPath(location.file)):\(location.line):\(location.column)"
    }

    private func paint(_ text: String, _ severity: Severity) -> String {
        guard color else { return text }
        let code = switch severity {
        case .error: "31"
        case .warning: "33"
        case .note: "36"
        }
        return "\u{1B}[1;\(code)m\(text)\u{1B}[0m"
    }

    private func bold(_ text: String) -> String {
        color ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
