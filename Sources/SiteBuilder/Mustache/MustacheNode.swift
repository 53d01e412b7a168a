/// One piece of a parsed template. Names are split on dots once, at parse time; `["."]` is the implicit iterator.
enum MustacheNode: Sendable, Hashable {
    /// Literal text as UTF-8. `lineStarts` are the offsets where a template line begins inside it, for indenting partials.
    case text([UInt8], lineStarts: [Int])
    /// A template line begins here, before a tag; only a standalone partial's indentation is written here.
    case lineStart
    case variable(path: [MustacheName], escaped: Bool)
    case section(path: [MustacheName], children: [MustacheNode])
    case invertedSection(path: [MustacheName], children: [MustacheNode])
    /// A partial; `indentation` is the whitespace before a standalone partial tag.
    case partial(name: String, indentation: [UInt8])
}
