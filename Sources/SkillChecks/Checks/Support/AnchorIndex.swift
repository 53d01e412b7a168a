import Foundation
import SkillParser

/// What a broken anchor probably meant, from the anchors its target document offers (the
/// graph's `DocumentAnchors`: headings and real HTML ids). Built only for a broken anchor.
struct AnchorIndex: Sendable {
    /// Every anchor, in document order.
    let anchors: [String]
    /// Ids declared with a heading attribute (`## Setup {#setup}`, read by Pandoc and Hugo but not
    /// by GitHub), mapped to the anchor GitHub gives that heading.
    let declaredIDs: [String: String]

    /// Anchors by their form without section numbers, each list in document order.
    private let byUnnumbered: [String: [String]]

    /// How many anchors the scans for suggestions (nearest by edits, containing words) may visit
    /// for one target, over all its broken anchors: 200 broken links into a document of 100
    /// headings all get them. Past it only the renumbering lookup runs, so a file with thousands
    /// of broken anchors into thousands of headings is still checked in linear time.
    static let scanBudget = 20_000

    init(_ markdown: MarkdownDocument, anchors: DocumentAnchors) {
        var declared: [String: String] = [:]
        for heading in markdown.headings {
            if let id = Self.declaredID(in: heading.text), declared[id] == nil { declared[id] = heading.anchor }
        }
        declaredIDs = declared
        self.anchors = anchors.all
        var byUnnumbered: [String: [String]] = [:]
        for anchor in self.anchors {
            let unnumbered = Self.droppingNumbers(anchor)
            if !unnumbered.isEmpty { byUnnumbered[unnumbered, default: []].append(anchor) }
        }
        self.byUnnumbered = byUnnumbered
    }

    /// The anchors someone most likely meant: the ones that read the same once section numbers
    /// are dropped (a table of contents written before its headings were renumbered), the
    /// nearest by edits, and the ones that hold the anchor as whole words. `scan` false keeps to
    /// the first, which costs no pass over the anchors.
    func suggestions(for anchor: String, scan: Bool = true) -> [String] {
        let unnumbered = Self.droppingNumbers(anchor)
        let renumbered = unnumbered.isEmpty ? [] : byUnnumbered[unnumbered] ?? []
        var near: [String] = []
        var containing: [String] = []
        if scan {
            near = NearestNames.suggest(anchor, among: anchors, count: 3)
            // A short table of contents entry for a longer heading: `#membros` for "Gerenciamento de Membros".
            let words = "-" + anchor.lowercased() + "-"
            containing = anchor.count < 4 ? [] : anchors.filter { ("-" + $0 + "-").contains(words) }
        }
        var seen = Set<String>()
        return (renumbered + near + containing).filter { seen.insert($0).inserted }.prefix(3).map { $0 }
    }

    /// The `id` of a trailing `{#id}` attribute in a heading's text.
    static func declaredID(in text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        guard trimmed.hasSuffix("}"), let open = trimmed.range(of: "{#", options: .backwards) else { return nil }
        let id = trimmed[open.upperBound..<trimmed.index(before: trimmed.endIndex)]
        guard !id.isEmpty, !id.contains(where: { $0.isWhitespace || $0 == "{" || $0 == "}" }) else { return nil }
        return String(id)
    }

    /// `1-query-performance`, `query-performance-2` and `-query-performance` → `query-performance`.
    static func droppingNumbers(_ anchor: String) -> String {
        anchor.split(separator: "-").filter { !$0.allSatisfy(\.isNumber) }.joined(separator: "-")
    }
}
