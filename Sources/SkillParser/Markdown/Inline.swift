/// An inline element of a paragraph, heading, list item or table cell.
///
/// Only the cases with a location are boxed: text and the rest are held in the array itself
/// (16 bytes), where boxing every text node cost one allocation each, most of all inlines.
public enum Inline: Hashable, Sendable {
    case text(String)
    indirect case code(CodeSpan)
    case emphasis([Inline])
    case strong([Inline])
    case strikethrough([Inline])
    indirect case link(Link)
    indirect case image(Link)
    case html(String)
    case softBreak
    case lineBreak

    /// The text a reader sees, with Markdown syntax removed.
    public var plainText: String {
        var text = ""
        appendPlainText(to: &text)
        return text
    }

    /// Appends the plain text to one string, rather than joining a string made for each node.
    func appendPlainText(to text: inout String) {
        switch self {
        case .text(let literal): text += literal
        case .code(let span): text += span.code
        case .emphasis(let children), .strong(let children), .strikethrough(let children):
            for child in children { child.appendPlainText(to: &text) }
        case .link(let link), .image(let link): for child in link.children { child.appendPlainText(to: &text) }
        case .html: break
        case .softBreak, .lineBreak: text += " "
        }
    }
}

extension Array where Element == Inline {
    public var plainText: String {
        var text = ""
        for inline in self { inline.appendPlainText(to: &text) }
        return text
    }
}

public struct CodeSpan: Hashable, Sendable {
    public var code: String
    public var location: SourceLocation
}

/// A link or an image: its destination as written, its title, and its text (alt text for images).
public struct Link: Hashable, Sendable {
    public var destination: String
    public var title: String
    public var children: [Inline]
    public var location: SourceLocation
}
