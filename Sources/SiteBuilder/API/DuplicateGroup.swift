import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// A cluster of places that say the same thing, as the duplicates report shows it. The build
/// command fills these from `dupes`; the site does not depend on how they were found.
public struct DuplicateGroup: Sendable, Hashable {
    /// A short label: the shared statement, shortened.
    public var title: String
    /// How similar the members are, or why they were grouped.
    public var detail: String?
    public var members: [Member]

    public init(title: String, detail: String? = nil, members: [Member]) {
        self.title = title
        self.detail = detail
        self.members = members
    }

    /// One place of the cluster.
    public struct Member: Sendable, Hashable {
        public var location: SourceLocation
        /// The member's own wording; empty when it is the title's.
        public var text: String
        /// How it relates to the others ("near, 87% similar"), when worth saying.
        public var note: String?
        /// The part of `text` that restates another member, in Unicode scalars (code points),
        /// which the report marks.
        public var matched: Range<Int>?

        public init(location: SourceLocation, text: String, note: String? = nil, matched: Range<Int>? = nil) {
            self.location = location
            self.text = text
            self.note = note
            self.matched = matched
        }

        /// `text` cut around `matched`: what comes before it, it, and what comes after; `nil`
        /// when nothing is marked or the range does not fit the text.
        public var markedParts: (before: String, matched: String, after: String)? {
            guard let matched else { return nil }
            let scalars = Array(text.unicodeScalars)
            guard matched.lowerBound >= 0, matched.upperBound <= scalars.count, !matched.isEmpty else { return nil }
            func string(_ part: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(part)) }
            return (string(scalars[..<matched.lowerBound]), string(scalars[matched]), string(scalars[matched.upperBound...]))
        }
    }
}
