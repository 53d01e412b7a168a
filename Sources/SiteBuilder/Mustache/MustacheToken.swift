/// What the scanner finds in a template, in order; the tree builder nests the sections.
enum MustacheToken: Sendable, Hashable {
    /// Literal text and the UTF-8 offsets inside it where a template line begins.
    case text(String, lineStarts: [Int])
    /// A template line begins here, right before a tag.
    case lineStart
    case tag(MustacheTag)
}

/// One `{{...}}` tag: its kind, its trimmed name and its byte offset in the source (for error locations).
struct MustacheTag: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case variable(escaped: Bool)
        case section
        case invertedSection
        case sectionEnd
        case comment
        case partial
        case setDelimiters

        /// Tags that vanish with their whole line when they stand alone on it.
        var canStandAlone: Bool {
            switch self {
            case .variable: false
            case .section, .invertedSection, .sectionEnd, .comment, .partial, .setDelimiters: true
            }
        }
    }

    var kind: Kind
    var name: String
    var offset: Int
    /// The whitespace before a standalone tag (used to indent partials); empty otherwise.
    var indentation: String = ""
}
