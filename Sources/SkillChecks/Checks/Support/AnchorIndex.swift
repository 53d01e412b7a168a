import Foundation
import SkillParser
import SkillDuplicates

/// The anchors a document offers to links: its headings' GitHub anchors (with `-1`, `-2`
/// for repeats) and the `id` and `name` attributes of its raw HTML.
struct AnchorIndex: Sendable {
    /// Every anchor, in document order.
    let anchors: [String]
    /// Ids declared with a heading attribute (`## Setup {#setup}`, read by Pandoc and Hugo but not
    /// by GitHub), mapped to the anchor GitHub gives that heading.
    let declaredIDs: [String: String]
    private let set: Set<String>

    init(_ markdown: MarkdownDocument) {
        var anchors = markdown.headings.map(\.anchor)
        var declared: [String: String] = [:]
        for heading in markdown.headings {
            if let id = Self.declaredID(in: heading.text), declared[id] == nil { declared[id] = heading.anchor }
        }
        declaredIDs = declared
        for fragment in markdown.html where !fragment.html.hasPrefix("<!--") {
            anchors += HTMLAttributes.values(of: ["id", "name"], in: fragment.html)
        }
        self.anchors = anchors
        set = Set(anchors)
    }

    /// Exact match, as on GitHub; `top` (any case) means the top of the page in every browser.
    func contains(_ anchor: String) -> Bool {
        anchor.isEmpty || set.contains(anchor) || anchor.lowercased() == "top"
    }

    /// An anchor that differs from `anchor` only in letter case.
    func caseVariant(of anchor: String) -> String? {
        let lowered = anchor.lowercased()
        return anchors.first { $0.lowercased() == lowered }
    }

    /// The anchors someone most likely meant: the ones that read the same once section numbers
    /// are dropped (a table of contents written before its headings were renumbered), the
    /// nearest by edits, and the ones that hold the anchor as whole words.
    func suggestions(for anchor: String) -> [String] {
        let unnumbered = Self.droppingNumbers(anchor)
        let renumbered = unnumbered.isEmpty ? [] : anchors.filter { Self.droppingNumbers($0) == unnumbered }
        let near = NearestNames.suggest(anchor, among: anchors, count: 3)
        // A short table of contents entry for a longer heading: `#membros` for "Gerenciamento de Membros".
        let words = "-" + anchor.lowercased() + "-"
        let containing = anchor.count < 4 ? [] : anchors.filter { ("-" + $0 + "-").contains(words) }
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
