/// A folder with a `SKILL.md`.
///
/// A value whose fields live in one shared box, copied when a copy is changed: skills are
/// copied far more often than changed (every loop over a graph's skills copies each one), and
/// copying the box is one retain where copying the fields was eleven (copies of skills were
/// 28 ms of the 1.1 s of processor time of a rebuild of agentic-awesome-skills after one
/// changed paragraph, perf).
public struct Skill: Hashable, Sendable {
    private struct Fields: Hashable, Sendable {
        var name: String
        var folder: String
        var skillFile: String
        var manifest: SkillManifest?
        var documents: [String]
    }

    private final class Box: @unchecked Sendable {
        // Changed only through `unique()`, when no other value shares the box.
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    public init(name: String, folder: String, skillFile: String, manifest: SkillManifest?, documents: [String]) {
        box = Box(Fields(name: name, folder: folder, skillFile: skillFile, manifest: manifest, documents: documents))
    }

    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    /// The manifest's `name`, or the folder's name when the manifest has none.
    public var name: String {
        get { box.fields.name }
        set { unique().fields.name = newValue }
    }
    /// The skill's folder, relative to the content root ("" when the root itself is a skill).
    public var folder: String {
        get { box.fields.folder }
        set { unique().fields.folder = newValue }
    }
    /// Path of its `SKILL.md`.
    public var skillFile: String {
        get { box.fields.skillFile }
        set { unique().fields.skillFile = newValue }
    }
    public var manifest: SkillManifest? {
        get { box.fields.manifest }
        set { unique().fields.manifest = newValue }
    }
    /// Paths of its other documents (references and other Markdown), sorted.
    public var documents: [String] {
        get { box.fields.documents }
        set { unique().fields.documents = newValue }
    }

    public static func == (lhs: Skill, rhs: Skill) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

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
