/// How serious a finding is. Ordered: `note < warning < error`.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A secondary message attached to a diagnostic, usually pointing at a related place
/// ("first stated here").
public struct DiagnosticNote: Hashable, Sendable, Codable {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// A finding about the input: what is wrong, where, and what to do about it.
/// Diagnostics are values; formatting them (text, JSON, SARIF, GitHub) is done elsewhere.
public struct Diagnostic: Hashable, Sendable, Codable {
    public var severity: Severity
    /// A stable, kebab-case identifier such as `broken-anchor`.
    public var code: String
    /// A lower-case summary of the problem.
    public var message: String
    public var location: SourceLocation
    public var notes: [DiagnosticNote]
    /// What to do, for example "did you mean `#1-query-performance`?".
    public var suggestion: String?

    public init(
        _ severity: Severity,
        code: String,
        _ message: String,
        at location: SourceLocation,
        notes: [DiagnosticNote] = [],
        suggestion: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.notes = notes
        self.suggestion = suggestion
    }
}

extension Diagnostic: Comparable {
    /// Deterministic output order: file, line, column, code, message.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.location.file, lhs.location.line, lhs.location.column, lhs.code, lhs.message)
            < (rhs.location.file, rhs.location.line, rhs.location.column, rhs.code, rhs.message)
    }
}

extension Diagnostic: CustomStringConvertible {
    /// Compiler style: `path:line:column: warning: message [code]`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message) [\(code)]"
    }
}
