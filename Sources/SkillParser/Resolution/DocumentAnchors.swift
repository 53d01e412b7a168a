/// The anchors a document offers to links: its headings' GitHub anchors (with `-1`, `-2` for
/// repeats), the `id` of any real HTML element and the `name` of an `<a>` element, as a
/// browser finds them. Text that merely looks like `id=x` is not an element.
public struct DocumentAnchors: Hashable, Sendable {
    /// Every anchor, in document order.
    public let all: [String]
    /// The anchors raw HTML defines, in document order (the site writes an element for each).
    public let htmlIDs: [String]
    private let set: Set<String>
    /// The first anchor (in `all`'s order) of each lower-cased form that is not itself an anchor
    /// in lower case, or whose lower-case twin comes later: with `set`, the first anchor of every
    /// lower-cased form (`firstOfLowercased`). Heading anchors are lower case already, so this
    /// holds only the rare mixed-case `id`s: a table of every anchor by its lower case was 40 of
    /// the 50 ms of processor time these took in a rebuild of agentic-awesome-skills.
    private let mixedCase: [String: String]

    public init(_ markdown: MarkdownDocument) {
        let ids = markdown.html.flatMap { Self.htmlIDs(in: $0.html) }
        htmlIDs = ids
        all = markdown.headings.map(\.anchor).filter { !$0.isEmpty } + ids
        let set = Set(all)
        self.set = set
        var mixed: [String: (anchor: String, position: Int)] = [:]
        for (position, anchor) in all.enumerated() where !Self.isLowercase(anchor) {
            let lowered = anchor.lowercased()
            if mixed[lowered] == nil { mixed[lowered] = (anchor, position) }
        }
        // A lower-case anchor before the mixed-case one is the first of that form.
        let all = all
        mixedCase = mixed.filter { lowered, first in
            !set.contains(lowered) || all.firstIndex(of: lowered).map { $0 > first.position } ?? true
        }.mapValues(\.anchor)
    }

    /// Whether `lowercased()` gives `anchor` back, known from its bytes for ASCII text.
    private static func isLowercase(_ anchor: String) -> Bool {
        var ascii = true
        for byte in anchor.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return false }
        }
        return ascii || anchor.lowercased() == anchor
    }

    /// The first anchor, in `all`'s order, whose lower case is `lowered`.
    private func firstOfLowercased(_ lowered: String) -> String? {
        mixedCase[lowered] ?? (set.contains(lowered) ? lowered : nil)
    }

    /// The anchors one fragment of raw HTML defines: any element's `id`, an `<a>`'s `name`.
    public static func htmlIDs(in html: String) -> [String] {
        var ids: [String] = []
        for tag in HTMLTag.scan(html) {
            if let id = tag.value(of: "id"), !id.isEmpty { ids.append(id) }
            if tag.name == "a", let name = tag.value(of: "name"), !name.isEmpty { ids.append(name) }
        }
        return ids
    }

    public func contains(_ anchor: String) -> Bool { set.contains(anchor) }

    /// What `anchor` (decoded, without `#`) names here. An exact id wins; then `top`, which
    /// HTML defines for every page (ASCII case-insensitively); then GitHub's `user-content-`
    /// prefix; then a match that differs only in letter case.
    public func match(_ anchor: String?) -> AnchorMatch {
        guard let anchor, !anchor.isEmpty else { return .none }
        if set.contains(anchor) { return .exact(anchor) }
        if anchor.lowercased() == "top" { return .top }
        let prefix = "user-content-"
        if anchor.hasPrefix(prefix) {
            let bare = String(anchor.dropFirst(prefix.count))
            if set.contains(bare) { return .prefixed(bare) }
            if let id = firstOfLowercased(bare.lowercased()) { return .caseOnly(id: id) }
        }
        if let id = firstOfLowercased(anchor.lowercased()) { return .caseOnly(id: id) }
        return .missing
    }
}
