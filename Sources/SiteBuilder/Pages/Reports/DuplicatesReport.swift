/// The duplicates report's shape, decided once per build: clusters largest first (the ones
/// most worth merging), split into pages of bounded size. When every cluster fits in one page
/// the summary page shows them itself.
struct DuplicatesReport: Sendable {
    static let folder = "reports/duplicates"

    /// Largest first; clusters of the same size keep the order `dupes` gave them.
    let clusters: [DuplicateGroup]
    /// Each detail page's slice of `clusters`.
    let parts: [Range<Int>]
    let isSplit: Bool

    init(_ clusters: [DuplicateGroup]?, budget: Int = ReportPaging.pageBudget) {
        let ordered = (clusters ?? []).enumerated()
            .sorted { ($1.element.members.count, $0.offset) < ($0.element.members.count, $1.offset) }
            .map(\.element)
        self.clusters = ordered
        let weights = ordered.map(Self.weight)
        parts = ReportPaging.split(weights, budget: budget)
        isSplit = weights.reduce(0, +) > budget
    }

    func path(part: Int) -> String { ReportPaging.path(Self.folder + "/clusters", part: part) }

    var pages: [(path: String, kind: PageKind)] {
        guard isSplit else { return [] }
        return parts.indices.map { (path(part: $0 + 1), PageKind.duplicatesPart($0 + 1)) }
    }

    /// About how many bytes of HTML a cluster takes.
    static func weight(_ cluster: DuplicateGroup) -> Int {
        300 + cluster.title.utf8.count + (cluster.detail?.utf8.count ?? 0)
            + cluster.members.reduce(0) { $0 + 250 + 2 * $1.location.file.utf8.count + $1.text.utf8.count + ($1.note?.utf8.count ?? 0) }
    }
}
