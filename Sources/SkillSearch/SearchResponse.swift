import SkillParser
/// What a search returns: pages in rank order, each with its best-matching sections.
public struct SearchResponse: Sendable {
    public var results: [SearchResult]
    /// Pages found in all.
    public var total: Int
    /// Terms that matched, for highlighting on the page a result leads to.
    public var terms: [String]
    /// Known words close to the query's, offered when nothing was found.
    public var suggestions: [String]
    /// Index files a browser that had loaded nothing before would load for this query, sorted.
    public var files: [String]
}

public struct SearchResult: Sendable {
    public var page: String
    public var pageTitle: String
    public var skill: String
    /// Score of the best section, with the phrase and title boosts.
    public var score: Double
    /// How many of the query's words the best section contains, of `words`.
    public var matched: Int
    public var words: Int
    public var sections: [SectionHit]
}

public struct SectionHit: Sendable {
    public var section: Int
    public var anchor: String
    public var heading: String
    public var parentHeading: String
    public var score: Double
    public var snippet: Snippet

    /// Root-relative URL of the section: the page, with the anchor when there is one.
    public func url(page: String) -> String { anchor.isEmpty ? page : page + "#" + anchor }
}

/// Text around the best match, with the matched words as UTF-16 offset ranges.
public struct Snippet: Equatable, Sendable {
    public var text: String
    public var marks: [Range<Int>]
}

public struct SearchOptions: Sendable {
    /// Pages to return, after skipping `offset`.
    public var limit = 10
    public var offset = 0
    /// Sections shown under each page, the best first.
    public var sectionsPerPage = 1
    /// The query is being typed (its last word may be unfinished); `nil`: unless it ends with a space.
    public var typing: Bool?

    public init(limit: Int = 10, offset: Int = 0, sectionsPerPage: Int = 1, typing: Bool? = nil) {
        self.limit = limit
        self.offset = offset
        self.sectionsPerPage = sectionsPerPage
        self.typing = typing
    }
}
