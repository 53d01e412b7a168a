/// Escaping for text that came from the collection (folder names, link targets, keys) before it
/// reaches a terminal or a CI log. A raw newline there forges a line (`::error ...` in GitHub's
/// log, a fake diagnostic in text output), an escape sequence repaints the terminal, and a
/// bidirectional override reorders what a reviewer reads.
extension StringProtocol {
    /// The text with C0 and C1 controls, DEL, line and paragraph separators and bidirectional
    /// controls written as `\n`, `\t` or `\u{1B}`. Other text, including non-ASCII letters,
    /// is unchanged.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isUnsafeForDisplay) else { return String(self) }
        var result = ""
        for scalar in unicodeScalars {
            guard scalar.isUnsafeForDisplay else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// Controls, separators and bidirectional formatting characters.
    var isUnsafeForDisplay: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional controls
        default: false
        }
    }
}

extension Diagnostic {
    /// The diagnostic with every text that may hold collection content escaped for display:
    /// each report format (text, JSON, SARIF, GitHub) prints this, never the raw values.
    public var escapedForDisplay: Diagnostic {
        var copy = self
        copy.message = message.escapingControlCharacters
        copy.location.file = location.file.escapingControlCharacters
        copy.suggestion = suggestion?.escapingControlCharacters
        copy.notes = notes.map { note in
            var escaped = note
            escaped.message = note.message.escapingControlCharacters
            escaped.location?.file = note.location?.file.escapingControlCharacters ?? ""
            return escaped
        }
        return copy
    }
}
