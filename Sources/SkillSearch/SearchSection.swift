import SkillParser
/// A part of a page that search results link to: the page's opening (before its first h2/h3
/// heading) or one h2/h3 heading with what follows it.
public struct SearchSection: Hashable, Sendable {
    /// Root-relative URL of the page (`SitePaths.page(forSource:)`).
    public var page: String
    /// The heading's anchor; `nil` for the opening of the page.
    public var anchor: String?
    public var pageTitle: String
    /// The section's own heading; `nil` for the opening of the page.
    public var heading: String?
    /// The h2 above an h3 section.
    public var parentHeading: String?
    /// Name of the skill the page belongs to.
    public var skill: String?
    /// Plain text as a reader sees it (prose with code spans; code blocks left out), shown in snippets.
    public var text: String
    /// Text of each field, as indexed.
    public var fields: [SearchField: String]

    public init(page: String, anchor: String? = nil, pageTitle: String, heading: String? = nil,
                parentHeading: String? = nil, skill: String? = nil, text: String = "",
                fields: [SearchField: String] = [:]) {
        self.page = page
        self.anchor = anchor
        self.pageTitle = pageTitle
        self.heading = heading
        self.parentHeading = parentHeading
        self.skill = skill
        self.text = text
        self.fields = fields
    }
}
