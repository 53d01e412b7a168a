/// Edit distance for "did you mean" suggestions and typo-tolerant search.
public enum EditDistance {
    /// The number of single-element insertions, deletions, substitutions and swaps of two
    /// neighbouring elements that turn `a` into `b` (optimal string alignment), or `nil` once it
    /// is certain to exceed `limit`. A swap counts as one edit: `hig-fonudations` is one slip.
    ///
    /// Only the cells within `limit` of the diagonal are computed (any path through another
    /// passes more than `limit` edits), in three rows on the stack: a check suggesting among
    /// 1,400 skill names for each of thousands of findings made three arrays a comparison and
    /// filled whole tables (perf, `skillbook check` of agentic-awesome-skills: 96 ms of its own
    /// besides the allocations).
    public static func between<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int = .max) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        let (n, m) = (a.count, b.count)
        // Cells farther than `band` from the diagonal are never read as less than `far`.
        let band = min(limit, max(n, m))
        let far = band + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { rows -> Int? in
            var beforePrevious = rows.baseAddress!
            var previous = beforePrevious + (m + 1)
            var current = previous + (m + 1)
            for j in 0...min(m, band) { previous[j] = j }
            if band + 1 <= m { previous[band + 1] = far }
            for i in 1...n {
                let low = max(1, i - band), high = min(m, i + band)
                current[low - 1] = low == 1 ? i : far
                var rowMinimum = current[low - 1]
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, beforePrevious[j - 2] + 1)
                    }
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if high + 1 <= m { current[high + 1] = far }
                if rowMinimum > limit { return nil }
                (beforePrevious, previous, current) = (previous, current, beforePrevious)
            }
            return previous[m] <= limit ? previous[m] : nil
        }
    }

    /// The distance between two strings, counted in Unicode scalars.
    public static func between(_ a: String, _ b: String, limit: Int = .max) -> Int? {
        between(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }
}
