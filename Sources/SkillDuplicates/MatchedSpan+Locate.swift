import SkillParser
extension MatchedSpan {
    /// The span of `long` (a statement's text as written) that restates `short`, found as
    /// `Containment` finds it, on the texts as written so that its offsets fall on their words.
    static func of(_ short: String, in long: String, inRepresentative: Bool) -> MatchedSpan? {
        let (shortRule, longRule) = (RuleNormalizer.normalize(short), RuleNormalizer.normalizeRecordingOffsets(long))
        guard let found = Containment.locate(shortRule.hashes[...], in: longRule.hashes[...]), !found.span.isEmpty else {
            return nil
        }
        let utf8 = long.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: longRule.offsets[found.span.lowerBound].lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: longRule.offsets[found.span.upperBound - 1].upperBound)
        let scalars = long.unicodeScalars
        return MatchedSpan(inRepresentative: inRepresentative, start: scalars.distance(from: scalars.startIndex, to: lower),
                           end: scalars.distance(from: scalars.startIndex, to: upper), text: String(long[lower..<upper]))
    }
}
