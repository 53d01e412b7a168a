import Foundation

/// A parsed Markdown file: its frontmatter, its blocks, and indexes of what the checks
/// and the site need (headings, links, code, tables, rules), all with source locations.
public struct MarkdownDocument: Hashable, Sendable {
    /// Every field, in one box shared by the copies (copied on write): documents are handed
    /// around by value all through a build (`SkillGraph.document(at:)`, every check and page),
    /// and a copy of thirteen fields was thirteen retains and releases. Copies and destroys of
    /// documents were 1.7% of a full build's processor time on agentic-awesome-skills and 4% on
    /// 10,000 synthetic skills (perf).
    private var storage: MarkdownDocumentStorage

    /// Path relative to the content root, with `/` separators.
    public var path: String {
        get { storage.path }
        set { unique().path = newValue }
    }
    public var frontmatter: Frontmatter? {
        get { storage.frontmatter }
        set { unique().frontmatter = newValue }
    }
    /// The blocks, code blocks and tables, made when first read (`MarkdownTree`).
    var tree: MarkdownTree { storage.tree }
    public var blocks: [Block] { tree.parts.blocks }
    /// How many top-level blocks there are, known without making the tree.
    public var blockCount: Int { tree.blockCount }
    /// The digest of the file's bytes, as the loader read them (`nil` for text parsed without a
    /// file). The site keys a page and the copy of its source on it, so an unchanged file is
    /// neither rendered nor read again by a rebuild.
    public var sourceDigest: ContentHash? {
        get { storage.sourceDigest }
        set { unique().sourceDigest = newValue }
    }
    public internal(set) var headings: [Heading] {
        get { storage.headings }
        set { unique().headings = newValue }
    }
    public internal(set) var links: [Link] {
        get { storage.links }
        set { unique().links = newValue }
    }
    public internal(set) var images: [Link] {
        get { storage.images }
        set { unique().images = newValue }
    }
    /// Positions in `links` of the links inside another link's text, which a page shows as text.
    public internal(set) var linksInLinkText: [Int] {
        get { storage.linksInLinkText }
        set { unique().linksInLinkText = newValue }
    }
    public internal(set) var codeSpans: [CodeSpan] {
        get { storage.codeSpans }
        set { unique().codeSpans = newValue }
    }
    public var codeBlocks: [CodeBlock] { tree.parts.codeBlocks }
    public var tables: [Table] { tree.parts.tables }
    /// Raw HTML, block and inline, kept so that checks can read `id` and `name` attributes.
    public internal(set) var html: [HTMLFragment] {
        get { storage.html }
        set { unique().html = newValue }
    }
    /// The rules, made when first read (`MarkdownRules`).
    public var rules: [Rule] { ruleList.rules }
    /// How many rules there are, known without making them.
    public var ruleCount: Int { ruleList.count }
    var ruleList: MarkdownRules {
        get { storage.ruleList }
        set {
            let storage = unique()
            storage.ruleList = newValue
            storage.knownRulesDigest = nil
        }
    }
    /// The rules' digest (`rulesDigest`) when the document's maker had it already.
    var knownRulesDigest: ContentHash? {
        get { storage.knownRulesDigest }
        set { unique().knownRulesDigest = newValue }
    }
    /// The items of every section headed "Related skills" (in English).
    public internal(set) var relatedSkillItems: [RelatedSkillItem] {
        get { storage.relatedSkillItems }
        set { unique().relatedSkillItems = newValue }
    }
    /// Every list that directly follows a heading, with the skill name each item opens with;
    /// the graph decides which are related-skills lists (`SkillGraph.relatedSkillItems(in:)`).
    public internal(set) var headedLists: [HeadedList] {
        get { storage.headedListsMade.value }
        set { unique().headedListsMade = MarkdownHeadedLists(newValue) }
    }
    /// How many lists there are, known without making them.
    public var headedListCount: Int { storage.headedListsMade.count }
    /// The headed lists as made when first read (`MarkdownHeadedLists`).
    var headedListsMade: MarkdownHeadedLists {
        get { storage.headedListsMade }
        set { unique().headedListsMade = newValue }
    }

    /// The box, not shared with another copy, for a change.
    private mutating func unique() -> MarkdownDocumentStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public static func == (lhs: MarkdownDocument, rhs: MarkdownDocument) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.hasSameFields(as: rhs.storage)
    }

    public func hash(into hasher: inout Hasher) {
        storage.hashFields(into: &hasher)
    }

    /// Parses `text` (the whole file) as Markdown with optional frontmatter.
    /// Problems found on the way are appended to `diagnostics`; parsing always succeeds.
    public init(path: String, text: String, diagnostics: inout [Diagnostic]) {
        var normalized = Self.normalize(text)
        let split = FrontmatterSplitter.split(normalized, file: path)
        diagnostics += split.diagnostics
        // cmark reads the text where it lies (a native string's bytes are contiguous already).
        normalized.makeContiguousUTF8()
        let blocks = normalized.utf8.withContiguousStorageIfAvailable { source in
            CmarkConverter.parse(source: source, blankLines: split.blankLines,
                                 body: UnsafeBufferPointer(rebasing: source[split.bodyOffset...]),
                                 file: path, diagnostics: &diagnostics)
        }
        self.init(path: path, frontmatter: split.frontmatter, blocks: blocks ?? [])
    }

    public init(path: String, frontmatter: Frontmatter?, blocks: [Block]) {
        var indexer = DocumentIndexer()
        indexer.visit(blocks)
        indexer.dropSpareCapacity()
        let tree = MarkdownTree(MarkdownTreeParts(blocks: blocks, codeBlocks: indexer.codeBlocks, tables: indexer.tables))
        storage = MarkdownDocumentStorage(path: path, frontmatter: frontmatter, tree: tree)
        storage.headings = indexer.headings
        storage.links = indexer.links
        storage.images = indexer.images
        storage.linksInLinkText = indexer.linksInLinkText
        storage.codeSpans = indexer.codeSpans
        storage.html = indexer.html
        storage.ruleList = MarkdownRules(indexer.rules)
        storage.relatedSkillItems = indexer.relatedSkillItems
        storage.headedListsMade = MarkdownHeadedLists(indexer.headedLists)
    }

    /// A document whose indexes are set by its maker: the parse cache, which stored them.
    init(unindexedPath path: String, frontmatter: Frontmatter?, tree: MarkdownTree) {
        storage = MarkdownDocumentStorage(path: path, frontmatter: frontmatter, tree: tree)
    }

    /// The first level-1 heading, else the frontmatter `title` or `name`, else the file name.
    public var title: String {
        if let heading = headings.first(where: { $0.level == 1 }) { return heading.text }
        for key in ["title", "name"] {
            if let value = frontmatter?.entries.first(where: { $0.key == key })?.value.stringValue { return value }
        }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".md") ? String(file.dropLast(3)) : file
    }

    /// Drops a UTF-8 byte order mark and turns CRLF and lone CR line endings into LF.
    static func normalize(_ text: String) -> String {
        var result = text
        if result.hasPrefix("\u{FEFF}") { result.removeFirst() }
        let hasCR = result.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "\r")) }
            ?? result.utf8.contains(UInt8(ascii: "\r"))
        if hasCR {
            result = result.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return result
    }
}

/// Raw HTML written in a document.
public struct HTMLFragment: Hashable, Sendable {
    public var html: String
    public var location: SourceLocation
}

/// A statement that duplicate detection compares: a list item's own text, or a paragraph
/// that opens with a bold sentence.
public struct Rule: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case listItem, boldParagraph
    }

    public var kind: Kind
    /// The rule's plain text (code spans keep their content).
    public var text: String
    /// The inline content, for renderers and normalisation that needs to see code spans.
    public var inlines: [Inline]
    /// Texts of the headings above the rule, outermost first.
    public var headingPath: [String]
    public var location: SourceLocation
}

/// An item of a "Related skills" section.
public struct RelatedSkillItem: Hashable, Sendable {
    /// How the item writes the name.
    public enum Form: Hashable, Sendable {
        case code, strong, text
        /// A link, with its destination as written.
        case link(String)
    }

    /// The skill name the item gives: its first code span, else its bold text, else the link's
    /// target folder or text, else the text before a separator.
    public var name: String
    public var text: String
    public var location: SourceLocation
    public var form: Form = .text
}

/// A list right under a heading, read as a possible related-skills list.
public struct HeadedList: Hashable, Sendable {
    /// The heading's text.
    public var heading: String
    public var location: SourceLocation
    /// Items in the list, named or not.
    public var itemCount: Int
    /// The items that open with something that may be a skill name.
    public var items: [RelatedSkillItem]
}

extension RelatedSkillItem {
    /// `@name`, `name:` and `name.` all mean `name`.
    public static func cleanName(_ name: String) -> String {
        var text = Substring(name)
        while text.first == "@" { text = text.dropFirst() }
        while let last = text.last, ":.,;".contains(last) { text = text.dropLast() }
        return String(text)
    }
}
