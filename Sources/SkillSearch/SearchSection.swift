import SkillParser

/// A part of a page that search results link to: the page's opening (before its first h2/h3
/// heading) or one h2/h3 heading with what follows it (a long one cut into parts). The one type
/// for a section: the splitter makes it, the index stores it, the reader reads it back and
/// results show it. (The text of each indexed field goes beside it only while the index is built:
/// `SplitSection`.)
public struct SearchSection: Hashable, Sendable {
    /// Root-relative URL of the page (`SitePaths.page(forSource:)`).
    public var page: String
    /// The heading's anchor; empty for the opening of a page.
    public var anchor: String
    public var pageTitle: String
    /// The section's own heading; empty for the opening of a page.
    public var heading: String
    /// The h2 above an h3 section; empty otherwise.
    public var parentHeading: String
    /// Name of the skill the page belongs to; empty outside skills.
    public var skill: String
    /// Plain text as a reader sees it (prose with code spans; code blocks left out), shown in snippets.
    public var text: String

    public init(page: String, anchor: String = "", pageTitle: String, heading: String = "",
                parentHeading: String = "", skill: String = "", text: String = "") {
        self.page = page
        self.anchor = anchor
        self.pageTitle = pageTitle
        self.heading = heading
        self.parentHeading = parentHeading
        self.skill = skill
        self.text = text
    }

    /// The page URL with the section's anchor.
    public var url: String { anchor.isEmpty ? page : page + "#" + anchor }
}
