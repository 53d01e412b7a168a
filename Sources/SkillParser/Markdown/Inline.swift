/// An inline element of a paragraph, heading, list item or table cell.
public indirect enum Inline: Hashable, Sendable {
    case text(String)
    case code(CodeSpan)
    case emphasis([Inline])
    case strong([Inline])
    case strikethrough([Inline])
    case link(Link)
    case image(Link)
    case html(String)
    case softBreak
    case lineBreak

    /// The text a reader sees, with Markdown syntax removed.
    public var plainText: String {
        switch self {
        case .text(let text): text
        case .code(let span): span.code
        case .emphasis(let children), .strong(let children), .strikethrough(let children):
            children.plainText
        case .link(let link), .image(let link): link.children.plainText
        case .html: ""
        case .softBreak, .lineBreak: " "
        }
    }
}

extension Array where Element == Inline {
    public var plainText: String { map(\.plainText).joined() }
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
