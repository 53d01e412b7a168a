import Foundation
import SkillParser
import SkillDuplicates

/// `check --format json`: a versioned, stable shape for tools.
///
///     {"schemaVersion": 1, "summary": {"errors": 1, ...},
///      "diagnostics": [{"severity": "error", "code": "broken-link", "message": "...",
///                       "file": "a/SKILL.md", "line": 3, "column": 5, "suggestion": null, "notes": []}]}
///
/// Bump `schemaVersion` when the shape changes.
public struct JSONReport: Sendable {
    public static let schemaVersion = 1

    public var displayPath: @Sendable (String) -> String

    public init(displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.displayPath = displayPath
    }

    public func render(_ diagnostics: [Diagnostic], summary: CheckSummary) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let payload = Payload(schemaVersion: Self.schemaVersion, summary: summary,
                              diagnostics: diagnostics.map { Entry($0.escapedForDisplay, displayPath: displayPath) })
        return String(decoding: try encoder.encode(payload), as: UTF8.self) + "\n"
    }

    struct Payload: Encodable {
        var schemaVersion: Int
        var summary: CheckSummary
        var diagnostics: [Entry]
    }

    struct Entry: Encodable {
        struct Note: Encodable {
            var message: String
            var file: String?
            var line: Int?
            var column: Int?

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(message, forKey: .message)
                try container.encode(file, forKey: .file)
                try container.encode(line, forKey: .line)
                try container.encode(column, forKey: .column)
            }

            private enum CodingKeys: String, CodingKey { case message, file, line, column }
        }

        var severity: Severity
        var code: String
        var message: String
        var file: String
        var line: Int
        var column: Int
        var suggestion: String?
        var notes: [Note]

        init(_ diagnostic: Diagnostic, displayPath: (String) -> String) {
            severity = diagnostic.severity
            code = diagnostic.code
            message = diagnostic.message
            file = displayPath(diagnostic.location.file)
            line = diagnostic.location.line
            column = diagnostic.location.column
            suggestion = diagnostic.suggestion
            notes = diagnostic.notes.map {
                Note(message: $0.message, file: $0.location.map { displayPath($0.file) },
                     line: $0.location?.line, column: $0.location?.column)
            }
        }

        // Written out so that an absent suggestion is `null` rather than a missing key.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(severity, forKey: .severity)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(suggestion, forKey: .suggestion)
            try container.encode(notes, forKey: .notes)
        }

        private enum CodingKeys: String, CodingKey { case severity, code, message, file, line, column, suggestion, notes }
    }
}
