/// Fires on a code span outside "Related skills" that reads like a skill name (lower case,
/// hyphenated) and is one edit (two for names of ten characters or more) away from a known
/// skill name without being one (`misspelled-skill`). A code span equal to a skill name is an
/// edge of the graph, not a finding.
struct SkillNameTypoCheck: Check {
    let codes = [
        CodeInfo("misspelled-skill", .warning, summary: "a code span is one or two edits away from a skill name",
                 explanation: """
                    Skills name each other in backticks (`hig-foundations`), and the graph turns each such \
                    mention into an edge. A mention with a slip (`hig-foundation`) silently loses the edge \
                    and points an agent at a skill that does not exist.

                    Fix the spelling as suggested. If the code span is something else that merely looks \
                    like a skill name (a package, a command), silence it with \
                    `<!-- skillbook-disable-next-line misspelled-skill -->` on the line before.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        let index = DeletionIndex(context.knownSkillNames)
        var result: [Diagnostic] = []
        for document in context.graph.documents {
            let relatedLines = Set(document.markdown.relatedSkillItems.map(\.location.line))
            for span in document.markdown.codeSpans where !relatedLines.contains(span.location.line) {
                let word = RelatedSkillsCheck.cleanName(span.code.trimmingWhitespace)
                guard Self.looksLikeSkillName(word), !context.isKnownSkill(word) else { continue }
                let limit = word.count >= 10 ? 2 : 1
                let near = index.near(word, limit: limit).filter { !Self.isVariant($0.name, of: word) }
                guard let best = near.first else { continue }
                let names = near.filter { $0.distance == best.distance }.prefix(3).map(\.name)
                result.append(Diagnostic(.warning, code: "misspelled-skill",
                                         "`\(word)` is not a skill; it is close to \(NearestNames.list(names))",
                                         at: span.location, suggestion: "did you mean \(NearestNames.list(names))?"))
            }
        }
        return result
    }

    /// Lower-case letters and digits in at least two hyphenated words, five characters or more.
    static func looksLikeSkillName(_ word: String) -> Bool {
        guard word.count >= 5, word.contains("-"), !word.hasPrefix("-"), !word.hasSuffix("-"), !word.contains("--") else {
            return false
        }
        return word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Names that differ only in digits are versions of one thing, not slips: `react-18` beside
    /// a skill named `react-19` stays quiet.
    static func isVariant(_ name: String, of word: String) -> Bool {
        let differsInDigitsOnly = name.count == word.count
            && zip(name, word).allSatisfy { $0 == $1 || ($0.isNumber && $1.isNumber) }
        return differsInDigitsOnly
    }
}
