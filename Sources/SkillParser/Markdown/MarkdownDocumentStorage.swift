/// The fields of a `MarkdownDocument`, which holds them in one box so that a copy of a document
/// is one retain. Changed only through a document that holds the one reference to it (copy on
/// write), so documents sharing it stay equal and it is safe to share between threads.
final class MarkdownDocumentStorage: @unchecked Sendable {
    var path: String
    var frontmatter: Frontmatter? = nil
    let tree: MarkdownTree
    var sourceDigest: ContentHash? = nil
    var headings: [Heading] = []
    var links: [Link] = []
    var images: [Link] = []
    var linksInLinkText: [Int] = []
    var codeSpans: [CodeSpan] = []
    var html: [HTMLFragment] = []
    var ruleList = MarkdownDocumentStorage.noRules
    /// Derived from `ruleList` (so neither compared nor hashed): `MarkdownDocument.knownRulesDigest`.
    var knownRulesDigest: ContentHash? = nil
    var relatedSkillItems: [RelatedSkillItem] = []
    var headedListsMade = MarkdownDocumentStorage.noHeadedLists

    /// What a box holds until its maker sets its own (every document has both set): one value
    /// each, shared, as a value made at once never changes. A pair made per box was two objects
    /// more per document decoded from the parse cache, made and freed unread.
    private static let noRules = MarkdownRules([])
    private static let noHeadedLists = MarkdownHeadedLists([])

    init(path: String, frontmatter: Frontmatter?, tree: MarkdownTree) {
        self.path = path
        self.frontmatter = frontmatter
        self.tree = tree
    }

    func copy() -> MarkdownDocumentStorage {
        let copy = MarkdownDocumentStorage(path: path, frontmatter: frontmatter, tree: tree)
        copy.sourceDigest = sourceDigest
        copy.headings = headings
        copy.links = links
        copy.images = images
        copy.linksInLinkText = linksInLinkText
        copy.codeSpans = codeSpans
        copy.html = html
        copy.ruleList = ruleList
        copy.knownRulesDigest = knownRulesDigest
        copy.relatedSkillItems = relatedSkillItems
        copy.headedListsMade = headedListsMade
        return copy
    }

    /// Field by field, as a struct's synthesized `==` compared them.
    func hasSameFields(as other: MarkdownDocumentStorage) -> Bool {
        path == other.path && frontmatter == other.frontmatter && tree == other.tree && sourceDigest == other.sourceDigest
            && headings == other.headings
            && links == other.links
            && images == other.images
            && linksInLinkText == other.linksInLinkText
            && codeSpans == other.codeSpans
            && html == other.html
            && ruleList == other.ruleList
            && relatedSkillItems == other.relatedSkillItems
            && headedListsMade == other.headedListsMade
    }

    func hashFields(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(frontmatter)
        hasher.combine(tree)
        hasher.combine(sourceDigest)
        hasher.combine(headings)
        hasher.combine(links)
        hasher.combine(images)
        hasher.combine(linksInLinkText)
        hasher.combine(codeSpans)
        hasher.combine(html)
        hasher.combine(ruleList)
        hasher.combine(relatedSkillItems)
        hasher.combine(headedListsMade)
    }
}
