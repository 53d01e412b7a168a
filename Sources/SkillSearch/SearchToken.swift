import SkillParser
/// One term found in a text, where it was found, and how.
public struct SearchToken: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// An ordinary word, folded and stemmed.
        case word
        /// A whole code identifier (`sensoryfeedback`), folded, not stemmed.
        case identifier
        /// One part of an identifier (`sensory`, `feedback`), folded and stemmed.
        case part
        /// Two neighbouring characters of a script written without spaces.
        case bigram
    }

    public var term: String
    /// The folded word before stemming, when stemming changed it (`toggling` for `toggl`).
    public var surface: String?
    public var kind: Kind
    /// Word position; parts of an identifier take consecutive positions, the whole shares the first.
    public var position: Int
    /// Where the token is in the text it came from.
    public var range: Range<String.Index>
}
