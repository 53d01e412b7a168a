import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// What the layout shows around a page's content: title, breadcrumbs, table of contents,
/// previous and next, the source link. Page builders fill it; `LayoutContext` turns it into
/// the layout's values.
struct PageFrame: Sendable {
    var pageTitle: String
    var description: String?
    var breadcrumbs: [(title: String, href: String)] = []
    var toc: [TocEntry] = []
    var previous: (title: String, href: String)?
    var next: (title: String, href: String)?
    /// The Markdown source published beside the page.
    var sourceHref: String?
    /// The skill whose entry the sidebar expands.
    var currentSkill: Skill?
    /// Whether the page shows code in a named language, the only pages that load highlight.js
    /// (at about 850 KB it would otherwise be most of a first visit).
    var hasCode = false

    init(pageTitle: String, description: String? = nil) {
        self.pageTitle = pageTitle
        self.description = description
    }
}

extension Document {
    /// Whether highlight.js has anything to colour on this document's page.
    var hasHighlightableCode: Bool {
        markdown.codeBlocks.contains { !CodeBlockHTML.sanitizedLanguage($0.language ?? "").isEmpty }
    }
}

struct TocEntry: Sendable, Hashable {
    var level: Int
    var text: String
    var anchor: String

    /// The body's level-2 and level-3 headings, when there are enough of them to need a table.
    static let limit = 100

    static func entries(for document: Document, extra: [TocEntry] = [], minimum: Int = 3) -> [TocEntry] {
        let headings = document.markdown.headings.filter { ($0.level == 2 || $0.level == 3) && !$0.anchor.isEmpty }
            .map { TocEntry(level: $0.level, text: $0.text, anchor: $0.anchor) }
        var all = headings + extra
        // A table of hundreds of sections is no help and weighs as much as a page: past the
        // limit only level-2 sections are listed, and at most `limit` of them.
        if all.count > limit { all = all.filter { $0.level == 2 } }
        if all.count > limit { all = Array(all.prefix(limit - extra.count)) + extra }
        return all.count >= minimum ? all : []
    }
}
