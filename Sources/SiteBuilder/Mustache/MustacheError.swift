/// A template that cannot be parsed: which template, where, and what is wrong.
public struct MustacheError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// `{{#name}}` or `{{^name}}` without its `{{/name}}`.
        case unclosedSection(String)
        /// `{{/found}}` while the innermost open section is `expected`, opened at `openedLine`:`openedColumn`.
        case mismatchedSectionEnd(expected: String, found: String, openedLine: Int, openedColumn: Int)
        /// `{{/name}}` with no open section.
        case unopenedSectionEnd(String)
        /// An opening delimiter without its closing delimiter (`closer`).
        case unclosedTag(closer: String)
        /// A tag with no name, such as `{{}}` or `{{#}}`.
        case emptyTag
        /// `{{=...=}}` that does not hold exactly two delimiters without spaces or `=`.
        case badDelimiters(String)

        /// What is wrong and what to do, in lower case.
        public var message: String {
            switch self {
            case .unclosedSection(let name):
                "unclosed section `\(name)`; add `{{/\(name)}}` where it ends"
            case let .mismatchedSectionEnd(expected, found, line, column):
                "section end `\(found)` does not match the open section `\(expected)` "
                    + "(opened at line \(line), column \(column)); close `\(expected)` first"
            case .unopenedSectionEnd(let name):
                "section end `\(name)` has no matching `{{#\(name)}}` or `{{^\(name)}}`"
            case .unclosedTag(let closer):
                "unclosed tag; add `\(closer)` to close it"
            case .emptyTag:
                "tag has no name"
            case .badDelimiters(let content):
                "bad delimiter change `\(content)`; write two delimiters without spaces or `=`, as in `{{=<% %>=}}`"
            }
        }
    }

    /// The name given to `MustacheTemplate.init(_:name:)`, usually a file name.
    public var templateName: String
    /// Line and column (in characters) of the tag, both from 1.
    public var line: Int
    public var column: Int
    public var kind: Kind

    public init(templateName: String, line: Int, column: Int, kind: Kind) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.kind = kind
    }

    public var message: String { kind.message }

    /// Compiler style: `page.mustache:3:5: error: unclosed section `items`; ...`
    public var description: String { "\(templateName):\(line):\(column): error: \(message)" }
}
