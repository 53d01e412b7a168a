import Foundation

extension StringProtocol {
    /// The text in Unicode normalization form KC, as skill names are compared. ASCII text is its
    /// own NFKC (no ASCII character has a decomposition), so it is returned as it is without
    /// Foundation's normalization: a profile of a rebuild of agentic-awesome-skills had the
    /// 4,000 skills' names and folders normalized at 6 ms, nearly all of them ASCII.
    var compatibilityForm: String {
        utf8.allSatisfy { $0 < 0x80 } ? String(self) : precomposedStringWithCompatibilityMapping
    }
}
