import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Raw HTML written in a document is never passed through, so a skill cannot put a script or
/// a style into the site. What survives: the text of an HTML block, line breaks, and the
/// `id`/`name` anchors that links may point at (as empty `<span id>` elements we write).
enum RawHTML {
    /// Anchors that raw HTML defines (`<a name="x">`, `<div id="x">`), in document order.
    static func ids(in markdown: MarkdownDocument) -> [String] {
        markdown.html.flatMap { ids(in: $0.html) }
    }

    static func ids(in html: String) -> [String] {
        var result: [String] = []
        for tag in tags(in: stripComments(html)) {
            for attribute in ["id", "name"] {
                if let value = attributeValue(attribute, in: tag), !value.isEmpty { result.append(value) }
            }
        }
        return result
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

    /// The opening tags of a fragment, without their angle brackets.
    private static func tags(in html: String) -> [Substring] {
        var result: [Substring] = []
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: ">") else { break }
            let tag = rest[after..<close]
            if let first = tag.first, first.isLetter { result.append(tag) }
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    private static func attributeValue(_ name: String, in tag: Substring) -> String? {
        let lowered = tag.lowercased()
        var searchStart = lowered.startIndex
        while let range = lowered.range(of: name, range: searchStart..<lowered.endIndex) {
            searchStart = range.upperBound
            // The attribute name must stand alone: preceded by whitespace, followed by `=`.
            guard range.lowerBound > lowered.startIndex,
                  lowered[lowered.index(before: range.lowerBound)].isWhitespace else { continue }
            var index = range.upperBound
            while index < lowered.endIndex, lowered[index].isWhitespace { index = lowered.index(after: index) }
            guard index < lowered.endIndex, lowered[index] == "=" else { continue }
            index = lowered.index(after: index)
            while index < lowered.endIndex, lowered[index].isWhitespace { index = lowered.index(after: index) }
            guard index < lowered.endIndex else { return nil }
            // Read the value from the original tag to keep its case.
            let offset = lowered.distance(from: lowered.startIndex, to: index)
            let original = tag.dropFirst(offset)
            if let quote = original.first, quote == "\"" || quote == "'" {
                return String(original.dropFirst().prefix { $0 != quote })
            }
            return String(original.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" })
        }
        return nil
    }
}
