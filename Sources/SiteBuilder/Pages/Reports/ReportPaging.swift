import SkillParser

/// Splits a report's items into pages of bounded size, so that no page of a large collection's
/// report grows past a few hundred KB (a 5 MB page takes seconds of layout on a phone).
enum ReportPaging {
    /// About how many bytes of HTML one report page may hold.
    static let pageBudget = 240_000
    /// One item in this many ends a page that holds half its budget (`split`).
    static let markInterval: UInt64 = 32

    /// Consecutive ranges of the items whose weights sum to at most `budget`; an item heavier
    /// than the budget gets a page of its own. Always at least one range (empty for no items).
    ///
    /// Where a page ends is decided by the items themselves, as content-defined chunking does:
    /// once a page holds half its budget, it ends after the first item whose `mark` (a digest of
    /// what the item is, `mark(_:)`) is a multiple of `markInterval`, or before the item that would
    /// take it over the budget. A change to one item, or an item added, moved or removed, thus
    /// moves the ends of the pages around it only; the ends further on stay where they were, so a
    /// rebuild makes those few pages again. Filling each page up to the budget instead moved
    /// every later page's ends with any change (a rebuild after one changed rule of
    /// agentic-awesome-skills rendered all 28 pages of its duplicates report).
    static func split(_ weights: [Int], marks: [UInt64], budget: Int = pageBudget) -> [Range<Int>] {
        precondition(weights.count == marks.count, "one mark per item")
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
            if 2 * total >= budget, marks[index] % markInterval == 0 {
                ranges.append(start..<index + 1)
                start = index + 1
                total = 0
            }
        }
        if start < weights.count || ranges.isEmpty { ranges.append(start..<weights.count) }
        return ranges
    }

    /// An item's mark for `split`: a digest of what names it (`name` adds that to the hasher),
    /// so that the same item gets the same mark on every build.
    static func mark(_ name: (inout ContentHasher) -> Void) -> UInt64 {
        var hasher = ContentHasher()
        name(&hasher)
        return hasher.finalize().low
    }

    /// The path of part `number` (from 1) of a report whose first part is `base`.html:
    /// `reports/diagnostics/broken-link.html`, then `…/broken-link-2.html`.
    static func path(_ base: String, part number: Int) -> String {
        number <= 1 ? base + ".html" : "\(base)-\(number).html"
    }
}
