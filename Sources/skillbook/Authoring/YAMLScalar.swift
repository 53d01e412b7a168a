/// How Skillbook writes one YAML string: plain when a YAML reader would read the plain text back
/// as the same string, double-quoted otherwise. Used by `new`, `init` and `fmt`.
enum YAMLScalar {
    static func text(_ value: String) -> String {
        isSafePlain(value) ? value : doubleQuoted(value)
    }

    /// A plain scalar that every YAML reader (1.1 or 1.2, typed or not) reads as this exact
    /// string: no indicator at the start, no `: ` or ` #` inside, no surrounding spaces, nothing
    /// that reads as null, a boolean or a number, and printable ASCII or letters only.
    static func isSafePlain(_ value: String) -> Bool {
        guard let first = value.first, let last = value.last else { return false }
        if first == " " || last == " " { return false }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) { return false }
        if value.contains(": ") || value.contains(" #") || last == ":" { return false }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FEFF}" }) { return false }
        if looksTyped(value) { return false }
        return true
    }

    /// Words and numbers that typed readers turn into something other than a string.
    static func looksTyped(_ value: String) -> Bool {
        let lowered = value.lowercased()
        if ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n", ".nan", ".inf", "-.inf", "+.inf"].contains(lowered) {
            return true
        }
        // Anything made only of digits, signs, dots, `e`, `x`, `_`, `:` and hex letters may be
        // a number (1.0, 0x1F, 1e3, 1_000, 12:30) or a date (2026-01-02): quote it.
        let numeric = Set("0123456789+-._:eExXoOabcdefABCDEF")
        return value.first.map { $0.isNumber || $0 == "+" || $0 == "." } == true && value.allSatisfy { numeric.contains($0) }
    }

    /// A double-quoted scalar with YAML escapes for `\`, `"` and control characters.
    static func doubleQuoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FEFF}" {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
