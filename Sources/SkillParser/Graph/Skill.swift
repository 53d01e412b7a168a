/// A folder with a `SKILL.md`.
public struct Skill: Hashable, Sendable {
    /// The manifest's `name`, or the folder's name when the manifest has none.
    public var name: String
    /// The skill's folder, relative to the content root ("" when the root itself is a skill).
    public var folder: String
    /// Path of its `SKILL.md`.
    public var skillFile: String
    public var manifest: SkillManifest?
    /// Paths of its other documents (references and other Markdown), sorted.
    public var documents: [String]

    /// The folder's own name, which the Agent Skills specification wants `name` to equal.
    public var folderName: String {
        PathSegments.last(folder).map(String.init) ?? ""
    }
}

/// A Markdown file of the collection.
public struct Document: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A `SKILL.md`.
        case skill
        /// A file under a skill's `references/` folder.
        case reference
        /// Any other Markdown file inside a skill's folder.
        case other
        /// Markdown outside every skill.
        case loose
    }

    public var path: String
    public var kind: Kind
    /// The folder of the skill it belongs to, or `nil` for a loose document.
    public var skillFolder: String?
    public var markdown: MarkdownDocument

    public var title: String { markdown.title }
}

/// A typed connection between two nodes of the graph.
public struct Edge: Hashable, Sendable, Codable, Comparable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// skill → one of its documents (`from` is the skill folder).
        case contains
        /// document → document, by a Markdown link or image.
        case link
        /// document → skill, by a code span or link naming it.
        case mentions
        /// document → skill, by an item of a "Related skills" section.
        case related
        /// document → path written in a code span (`references/x.md`).
        case path
    }

    public var from: String
    public var to: String
    public var kind: Kind
    public var anchor: String?
    public var location: SourceLocation

    public static func < (lhs: Edge, rhs: Edge) -> Bool {
        (lhs.location, lhs.kind.rawValue, lhs.to, lhs.from) < (rhs.location, rhs.kind.rawValue, rhs.to, rhs.from)
    }
}
