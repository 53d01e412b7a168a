import SkillParser
/// Splits a word into the parts a reader would type separately: at underscores, where lower case
/// turns upper (`sensoryFeedback` → sensory Feedback), before the last capital of a run of capitals
/// (`UIKit` → UI Kit), and between letters and digits (`44pt` → 44 pt).
enum IdentifierSplitter {
    /// The parts of `scalars` as index ranges; one range covering everything for a plain word.
    static func parts(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start: Int?
        for index in scalars.indices {
            let scalar = scalars[index]
            if scalar == "_" {
                if let open = start { parts.append(open..<index) }
                start = nil
                continue
            }
            guard let open = start else { start = index; continue }
            if index > open, isBoundary(scalars, before: index) {
                parts.append(open..<index)
                start = index
            }
        }
        if let open = start { parts.append(open..<scalars.count) }
        return parts
    }

    private static func isBoundary(_ s: [Unicode.Scalar], before k: Int) -> Bool {
        let previous = s[k - 1], current = s[k]
        if current == "_" || previous == "_" { return false }
        if ScriptClasses.isLower(previous) && ScriptClasses.isUpper(current) { return true }
        if ScriptClasses.isUpper(previous) && ScriptClasses.isUpper(current),
           k + 1 < s.count, ScriptClasses.isLower(s[k + 1]) { return true }
        let previousIsNumber = isNumeric(previous), currentIsNumber = isNumeric(current)
        // A mark belongs to the character before it.
        return previousIsNumber != currentIsNumber && !isMark(current)
    }

    private static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        ScriptClasses.isDigit(scalar) || ScriptClasses.isNumberSeparator(scalar)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
