import SkillParser
/// The parts of a section that are indexed, each with its weight in the ranking.
public enum SearchField: String, CaseIterable, Hashable, Sendable {
    /// The page title, in the page's opening section.
    case title
    /// The section's own heading.
    case heading
    /// The skill's description, on its page's opening: one or two sentences that say what the
    /// skill is for, in the words a reader looking for it would use.
    case description
    /// Where the section sits: the page title and the h2 above it (and the skill name on a skill's page).
    case context
    /// Prose: paragraphs, lists, tables, quotes, minor headings.
    case body
    /// Code spans and code blocks, whose identifiers are split into words as well.
    case code

    /// Whether the field's counts are normalised by the section's length (BM25F): the body and
    /// code are; a title is short whatever the section's length.
    public var isLong: Bool { self == .body || self == .code }

    /// How much one occurrence counts, against one occurrence in the body. Titles and headings
    /// name what a section is about; the body only mentions it.
    public var weight: Double {
        switch self {
        case .title: 6
        case .heading: 4
        case .description: 2
        case .context: 1.5
        case .body: 1
        case .code: 1
        }
    }
}
