/// Splits a report's items into pages of bounded size, so that no page of a large collection's
/// report grows past a few hundred KB (a 5 MB page takes seconds of layout on a phone).
enum ReportPaging {
    /// About how many bytes of HTML one report page may hold.
    static let pageBudget = 240_000

    /// Consecutive ranges of `weights` whose sums stay within `budget`; an item heavier than the
    /// budget gets a page of its own. Always at least one range (empty for no items).
    static func split(_ weights: [Int], budget: Int = pageBudget) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var total = 0
        for (index, weight) in weights.enumerated() {
            if index > start, total + weight > budget {
                ranges.append(start..<index)
                start = index
                total = 0
            }
            total += weight
        }
        ranges.append(start..<weights.count)
        return ranges
    }

    /// The path of part `number` (from 1) of a report whose first part is `base`.html:
    /// `reports/diagnostics/broken-link.html`, then `…/broken-link-2.html`.
    static func path(_ base: String, part number: Int) -> String {
        number <= 1 ? base + ".html" : "\(base)-\(number).html"
    }
}
