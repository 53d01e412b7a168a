import Foundation

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

/// Reads attribute values out of raw HTML without a full HTML parser.
enum HTMLAttributes {
    /// Values of the named attributes (case-insensitive names) in every tag of `html`.
    static func values(of names: Set<String>, in html: String) -> [String] {
        var result: [String] = []
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            // An attribute name starts after whitespace inside a tag; match it case-insensitively.
            guard scalars[index].properties.isWhitespace else { index += 1; continue }
            index += 1
            var nameEnd = index
            while nameEnd < scalars.count, isNameCharacter(scalars[nameEnd]) { nameEnd += 1 }
            let name = String(String.UnicodeScalarView(scalars[index..<nameEnd])).lowercased()
            var cursor = nameEnd
            while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
            guard names.contains(name), cursor < scalars.count, scalars[cursor] == "=" else {
                index = max(nameEnd, index)
                continue
            }
            cursor += 1
            while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
            guard cursor < scalars.count else { break }
            let quote = scalars[cursor]
            var valueStart = cursor, valueEnd = cursor
            if quote == "\"" || quote == "'" {
                valueStart = cursor + 1
                valueEnd = valueStart
                while valueEnd < scalars.count, scalars[valueEnd] != quote { valueEnd += 1 }
            } else {
                while valueEnd < scalars.count, !scalars[valueEnd].properties.isWhitespace, scalars[valueEnd] != ">" {
                    valueEnd += 1
                }
            }
            let value = String(String.UnicodeScalarView(scalars[valueStart..<min(valueEnd, scalars.count)]))
            if !value.isEmpty { result.append(value) }
            index = valueEnd + 1
        }
        return result
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar == "-" || scalar == "_" || ("0"..."9").contains(scalar)
    }
}
