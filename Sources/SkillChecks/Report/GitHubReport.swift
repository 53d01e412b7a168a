import SkillParser
import SkillDuplicates
/// `check --format github`: workflow commands that GitHub Actions shows as annotations on the
/// pull request, one per diagnostic:
///
///     ::error file=skills/a/SKILL.md,line=12,col=3,title=broken-link::link target `x.md` does not exist
///
/// Notes become part of the message, the suggestion its last line.
public struct GitHubReport: Sendable {
    public var displayPath: @Sendable (String) -> String

    public init(displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.displayPath = displayPath
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(line).joined()
    }

    private func line(_ raw: Diagnostic) -> String {
        let diagnostic = raw.escapedForDisplay
        let command = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        let location = diagnostic.location
        var message = diagnostic.message
        for note in diagnostic.notes {
            let place = note.location.map { " (\(displayPath($0.file)):\($0.line))" } ?? ""
            message += "\nnote: \(note.message)\(place)"
        }
        if let suggestion = diagnostic.suggestion { message += "\nsuggestion: \(suggestion)" }
        let properties = [
            "file=" + Self.escapeProperty(displayPath(location.file)),
            "line=\(location.line)",
            "col=\(location.column)",
            "title=" + Self.escapeProperty(diagnostic.code),
        ]
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
    }

    /// The escaping GitHub's runner undoes in a command's message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Property values must also escape the separators `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
