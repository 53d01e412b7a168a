/// A block of a Markdown document.
///
/// Paragraphs, the most common blocks, are held in the array itself rather than boxed (one
/// allocation fewer for each); the larger blocks stay boxed so that an array stays small.
public enum Block: Hashable, Sendable {
    indirect case heading(Heading)
    case paragraph(Paragraph)
    indirect case list(ListBlock)
    indirect case codeBlock(CodeBlock)
    indirect case table(Table)
    indirect case blockQuote(BlockQuote)
    case thematicBreak(SourceLocation)
    indirect case htmlBlock(HTMLBlock)

    public var location: SourceLocation {
        switch self {
        case .heading(let node): node.location
        case .paragraph(let node): node.location
        case .list(let node): node.location
        case .codeBlock(let node): node.location
        case .table(let node): node.location
        case .blockQuote(let node): node.location
        case .thematicBreak(let location): location
        case .htmlBlock(let node): node.location
        }
    }
}

public struct Heading: Hashable, Sendable {
    public var level: Int
    public var inlines: [Inline]
    /// The heading's plain text, as GitHub uses it to compute the anchor.
    public var text: String
    /// GitHub's anchor for this heading, with `-1`, `-2` suffixes for repeats in the document.
    public var anchor: String
    public var location: SourceLocation
}

public struct Paragraph: Hashable, Sendable {
    public var inlines: [Inline]
    public var location: SourceLocation
}

public struct ListBlock: Hashable, Sendable {
    public var ordered: Bool
    public var start: Int
    public var tight: Bool
    public var items: [ListItem]
    public var location: SourceLocation
}

public struct ListItem: Hashable, Sendable {
    public var blocks: [Block]
    /// For task list items: `true` when ticked, `false` when not; `nil` for ordinary items.
    public var checked: Bool?
    public var location: SourceLocation
}

public struct CodeBlock: Hashable, Sendable {
    public var fenced: Bool
    /// The whole info string after the opening fence.
    public var info: String
    /// The first word of the info string, when there is one.
    public var language: String?
    public var code: String
    public var location: SourceLocation
}

public enum TableAlignment: String, Hashable, Sendable, Codable {
    case none, left, center, right
}

public struct TableCell: Hashable, Sendable {
    public var inlines: [Inline]
    public var text: String
}

public struct Table: Hashable, Sendable {
    public var alignments: [TableAlignment]
    public var header: [TableCell]
    public var rows: [[TableCell]]
    public var location: SourceLocation
}

public struct BlockQuote: Hashable, Sendable {
    public var blocks: [Block]
    public var location: SourceLocation
}

public struct HTMLBlock: Hashable, Sendable {
    public var html: String
    public var location: SourceLocation
}
