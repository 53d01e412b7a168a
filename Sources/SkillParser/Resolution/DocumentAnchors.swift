/// The anchors a document offers to links: its headings' GitHub anchors (with `-1`, `-2` for
/// repeats), the `id` of any real HTML element and the `name` of an `<a>` element, as a
/// browser finds them. Text that merely looks like `id=x` is not an element.
public struct DocumentAnchors: Hashable, Sendable {
    /// Every anchor, in document order.
    public let all: [String]
    /// The anchors raw HTML defines, in document order (the site writes an element for each).
    public let htmlIDs: [String]
    private let set: Set<String>
    private let lowercased: [String: String]

    public init(_ markdown: MarkdownDocument) {
        let ids = markdown.html.flatMap { Self.htmlIDs(in: $0.html) }
        htmlIDs = ids
        all = markdown.headings.map(\.anchor).filter { !$0.isEmpty } + ids
        set = Set(all)
        var lowered: [String: String] = [:]
        for anchor in all where lowered[anchor.lowercased()] == nil { lowered[anchor.lowercased()] = anchor }
        lowercased = lowered
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
            if let id = lowercased[bare.lowercased()] { return .caseOnly(id: id) }
        }
        if let id = lowercased[anchor.lowercased()] { return .caseOnly(id: id) }
        return .missing
    }
}
