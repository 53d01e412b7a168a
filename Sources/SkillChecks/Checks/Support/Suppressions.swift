import SkillParser
import SkillDuplicates
/// Inline suppressions written in documents:
///
///     <!-- skillbook-disable-next-line broken-link -->
///     See [the old guide](old.md).
///
/// The comment silences the named codes (several may be given, separated by spaces or commas;
/// none silences every code) on the line right after the comment.
struct Suppressions: Sendable {
    static let marker = "skillbook-disable-next-line"

    /// file → line → codes silenced there; `*` silences every code.
    private var lines: [String: [Int: Set<String>]] = [:]

    init(_ graph: SkillGraph) {
        for document in graph.documents {
            for fragment in document.markdown.html {
                guard let codes = Self.codes(in: fragment.html) else { continue }
                let lastLine = fragment.location.line + Self.lineBreaks(in: fragment.html)
                lines[document.path, default: [:]][lastLine + 1, default: []].formUnion(codes.isEmpty ? ["*"] : codes)
            }
        }
    }

    /// The lines of `file` with suppressions, `nil` when it has none (for a caller that meets
    /// a file's findings together).
    func lines(of file: String) -> [Int: Set<String>]? {
        lines[file]
    }

    /// Whether `diagnostic`, in a file with suppressions at `lines`, is silenced.
    static func silences(_ diagnostic: Diagnostic, lines: [Int: Set<String>]) -> Bool {
        guard let codes = lines[diagnostic.location.line] else { return false }
        return codes.contains("*") || codes.contains(diagnostic.code)
    }

    /// The codes of a suppression comment, or `nil` when `html` is not one.
    static func codes(in html: String) -> Set<String>? {
        // A comment that begins with the marker holds its bytes: nearly every fragment of raw
        // HTML is ruled out by one byte search (this test of every fragment, made twice per
        // build, was 13 ms of processor time of a rebuild of agentic-awesome-skills).
        guard Self.holdsMarker(html.utf8) else { return nil }
        let text = html.trimmingWhitespace
        guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
        let inner = text.dropFirst(4).dropLast(3).trimmingWhitespace
        guard inner.hasPrefix(marker) else { return nil }
        let rest = inner.dropFirst(marker.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return Set(rest.split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init))
    }

    private static let markerBytes = Array(marker.utf8)

    /// Whether the bytes of `marker` occur in `html`.
    private static func holdsMarker(_ html: String.UTF8View) -> Bool {
        let first = markerBytes[0]
        var index = html.startIndex
        while let found = html[index...].firstIndex(of: first) {
            if html[found...].starts(with: markerBytes) { return true }
            index = html.index(after: found)
        }
        return false
    }

    private static func lineBreaks(in html: String) -> Int {
        var text = Substring(html)
        while text.last == "\n" { text = text.dropLast() }
        return text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
