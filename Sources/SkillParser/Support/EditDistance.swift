/// Edit distance for "did you mean" suggestions and typo-tolerant search.
public enum EditDistance {
    /// The number of single-element insertions, deletions, substitutions and swaps of two
    /// neighbouring elements that turn `a` into `b` (optimal string alignment), or `nil` once it
    /// is certain to exceed `limit`. A swap counts as one edit: `hig-fonudations` is one slip.
    public static func between<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int = .max) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// The distance between two strings, counted in Unicode scalars.
    public static func between(_ a: String, _ b: String, limit: Int = .max) -> Int? {
        between(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }
}
