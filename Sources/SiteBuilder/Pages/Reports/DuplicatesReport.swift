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
        parts = ReportPaging.split(weights, marks: ordered.map(Self.mark), budget: budget)
        isSplit = weights.reduce(0, +) > budget
    }

    func path(part: Int) -> String { ReportPaging.path(Self.folder + "/clusters", part: part) }

    var pages: [(path: String, kind: PageKind)] {
        guard isSplit else { return [] }
        return parts.indices.map { (path(part: $0 + 1), PageKind.duplicatesPart($0 + 1)) }
    }

    /// What names a cluster for `ReportPaging.split`: its title and its first place, which stay
    /// as they were when other members join or leave it.
    static func mark(_ cluster: DuplicateGroup) -> UInt64 {
        ReportPaging.mark { hasher in
            hasher.add(cluster.title)
            hasher.add(cluster.members.first?.location.file ?? "")
        }
    }

    /// About how many bytes of HTML a cluster takes.
    static func weight(_ cluster: DuplicateGroup) -> Int {
        300 + cluster.title.utf8.count + (cluster.detail?.utf8.count ?? 0)
            + cluster.members.reduce(0) { $0 + 250 + 2 * $1.location.file.utf8.count + $1.text.utf8.count + ($1.note?.utf8.count ?? 0) }
    }
}
