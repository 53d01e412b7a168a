import SkillParser
/// Rules that a collection states more than once: one representative text and every place
/// that states it or something close to it.
public struct DuplicateCluster: Hashable, Sendable, Encodable {
    /// The representative's text as written (Markdown syntax removed).
    public var representative: String
    /// Where the representative is first stated.
    public var representativeLocation: SourceLocation
    /// Present in so large a share of the collection's skills that it is reported once, as a
    /// template rather than as duplicates to fix one by one.
    public var boilerplate: Bool
    /// For boilerplate, the number (from 1) of the block of boilerplate rules it belongs to:
    /// rules repeated together in the same section of the same files share a block.
    public var block: Int?
    /// Number of statements (members).
    public var count: Int
    /// Number of distinct skills the members belong to.
    public var skillCount: Int
    /// Every statement, sorted by location.
    public var members: [DuplicateMember]

    /// Whether the cluster is what `--fail-on-duplicates` and the `duplicate-rule` check report:
    /// it spans two or more skills and is not boilerplate.
    public var isCrossSkillDuplicate: Bool { skillCount >= 2 && !boilerplate }
}

/// One statement of a duplicated rule.
public struct DuplicateMember: Hashable, Sendable, Encodable {
    /// The skill the statement is in; `nil` for Markdown outside every skill.
    public var skill: String?
    public var location: SourceLocation
    /// Headings above the statement, outermost first.
    public var headingPath: [String]
    /// The statement's text as written (Markdown syntax removed).
    public var text: String
    /// Similarity to the representative (1 for exact): Jaccard similarity of the word shingles
    /// of whatever matched (the whole rules, or the sentences for `contained` and `sharedSentence`).
    public var similarity: Double
    public var match: DuplicateMatch
    /// For a `contained` member: the words of the longer of the two rules (this one, or the
    /// representative) that restate the shorter one.
    public var span: MatchedSpan?
}

/// Where, in the longer of two rules, the shorter one is restated.
public struct MatchedSpan: Hashable, Sendable, Encodable {
    /// Whether the span is in the representative's text; otherwise it is in the member's own.
    public var inRepresentative: Bool
    /// Offsets of the span in that text, in Unicode scalars (code points): `start` is the first
    /// one, `end` the one after the last.
    public var start: Int
    public var end: Int
    /// The span as written.
    public var text: String
}

/// How a member relates to its cluster's representative.
public enum DuplicateMatch: String, Hashable, Sendable, Encodable, CaseIterable {
    /// The same text after normalisation.
    case exact
    /// Similar as a whole.
    case near
    /// One is restated inside the other, as a sentence or within one (words before and after it).
    case contained
    /// The two share a sentence.
    case sharedSentence
    /// Joined to the cluster through another member, not similar enough to the representative itself.
    case linked

    public var isExact: Bool { self == .exact }
}

/// A rule to compare, with what a report shows about it.
public struct RuleStatement: Hashable, Sendable {
    public var skill: String?
    public var location: SourceLocation
    public var headingPath: [String]
    /// Display text.
    public var text: String
    /// Inline content, normalised for comparison (code spans stay tokens).
    public var inlines: [Inline]

    public init(skill: String?, location: SourceLocation, headingPath: [String], text: String, inlines: [Inline]) {
        self.skill = skill
        self.location = location
        self.headingPath = headingPath
        self.text = text
        self.inlines = inlines
    }

    /// A statement of plain text, for tests and synthetic benchmarks.
    public init(skill: String?, location: SourceLocation, headingPath: [String] = [], text: String) {
        self.init(skill: skill, location: location, headingPath: headingPath, text: text, inlines: [.text(text)])
    }
}
