import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Raw HTML written in a document is never passed through, so a skill cannot put a script or
/// a style into the site. What survives: the text of an HTML block, line breaks, the
/// `id`/`name` anchors that links may point at (as empty `<span id>` elements we write), and the
/// images and broken links of `<img src>`, `srcset` and `<a href>`, resolved by the graph as
/// Markdown's are (`MarkdownHTML.rawReferences`).
enum RawHTML {
    /// Anchors that raw HTML defines (`<a name="x">`, `<div id="x">`), in document order: the
    /// graph's rule, so the site writes exactly the anchors `check` accepts.
    static func ids(in html: String) -> [String] {
        DocumentAnchors.htmlIDs(in: html)
    }

    /// Whether inline HTML is a line break (`<br>`, `<br/>`, `<br />`).
    static func isLineBreak(_ html: String) -> Bool {
        let compact = html.lowercased().filter { !$0.isWhitespace && $0 != "/" }
        return compact == "<br>"
    }

    /// The readable text of an HTML block: tags, comments, scripts and styles removed,
    /// entities left as written (they are escaped again when shown).
    static func text(of html: String) -> String {
        var text = stripComments(html)
        for element in ["script", "style"] { text = strip(element: element, from: text) }
        var result = ""
        var inTag = false
        for character in text {
            if character == "<" { inTag = true; result.append(" "); continue }
            if character == ">", inTag { inTag = false; continue }
            if !inTag { result.append(character) }
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func stripComments(_ html: String) -> String {
        var result = html
        while let open = result.range(of: "<!--") {
            let close = result.range(of: "-->", range: open.upperBound..<result.endIndex)
            result.removeSubrange(open.lowerBound..<(close?.upperBound ?? result.endIndex))
        }
        return result
    }

    private static func strip(element: String, from html: String) -> String {
        var result = html
        while let open = result.range(of: "<\(element)", options: .caseInsensitive) {
            let close = result.range(of: "</\(element)", options: .caseInsensitive, range: open.upperBound..<result.endIndex)
            var end = close?.upperBound ?? result.endIndex
            if close != nil, let gt = result[end...].firstIndex(of: ">") { end = result.index(after: gt) }
            result.removeSubrange(open.lowerBound..<end)
        }
        return result
    }
}
