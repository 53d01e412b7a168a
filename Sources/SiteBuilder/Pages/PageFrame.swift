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

    init(pageTitle: String, description: String? = nil) {
        self.pageTitle = pageTitle
        self.description = description
    }
}

struct TocEntry: Sendable, Hashable {
    var level: Int
    var text: String
    var anchor: String

    /// The body's level-2 and level-3 headings, when there are enough of them to need a table.
    static func entries(for document: Document, extra: [TocEntry] = [], minimum: Int = 3) -> [TocEntry] {
        let headings = document.markdown.headings.filter { ($0.level == 2 || $0.level == 3) && !$0.anchor.isEmpty }
            .map { TocEntry(level: $0.level, text: $0.text, anchor: $0.anchor) }
        let all = headings + extra
        return all.count >= minimum ? all : []
    }
}
