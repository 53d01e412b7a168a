extension String {
    /// Appends `text` with `&`, `<`, `>`, `"` and `'` written as HTML character references.
    mutating func appendHTMLEscaped(_ text: String) {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            append(text)
            return
        }
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var index = runStart
        while index < scalars.endIndex {
            let replacement: String? = switch scalars[index] {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
            let next = scalars.index(after: index)
            if let replacement {
                unicodeScalars.append(contentsOf: scalars[runStart ..< index])
                append(replacement)
                runStart = next
            }
            index = next
        }
        unicodeScalars.append(contentsOf: scalars[runStart...])
    }
}
