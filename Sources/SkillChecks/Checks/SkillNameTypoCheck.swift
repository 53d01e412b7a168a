import SkillParser
import SkillDuplicates
/// Fires on a code span outside "Related skills" that reads like a skill name (lower case,
/// hyphenated) and is a slip away from a known skill name without being one
/// (`misspelled-skill`). A slip is one edit (an insertion, deletion, substitution, or swap of
/// neighbouring letters), two for names of 16 characters or more, inside one word of four
/// letters or more, with the same words otherwise: `hig-foundatoins` is a slip for
/// `hig-foundations`, while `huggingface-cli` (other words), `sql-expert` (two edits in a short
/// name) and `ux-pattern` (a two-letter word) are names of other things. A code span equal to
/// a skill name is an edge of the graph, not a finding.
struct SkillNameTypoCheck: DocumentCheck {
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

    func run(_ context: CheckContext, documents: [Document]) -> [[Diagnostic]] {
        // Built at the first word that needs it: a rebuild often checks one file with none.
        var index: DeletionIndex?
        var nearCache: [String: [String]] = [:]
        return documents.map { document in
            var result: [Diagnostic] = []
            let relatedLines = Set(context.graph.relatedSkillItems(in: document.path).map(\.location.line))
            for span in document.markdown.codeSpans where !relatedLines.contains(span.location.line) {
                let word = RelatedSkillsCheck.cleanName(span.code.trimmingWhitespace)
                guard Self.looksLikeSkillName(word), !context.isKnownSkill(word) else { continue }
                let names = nearCache[word] ?? {
                    if index == nil { index = DeletionIndex(context.knownSkillNames) }
                    let near = index!.near(word, limit: word.count >= 16 ? 2 : 1).filter { Self.isSlip(word, for: $0.name) }
                    let best = near.first?.distance
                    return near.filter { $0.distance == best }.prefix(3).map(\.name)
                }()
                nearCache[word] = names
                guard !names.isEmpty else { continue }
                result.append(Diagnostic(.warning, code: "misspelled-skill",
                                         "`\(word)` is not a skill; it is close to \(NearestNames.list(names))",
                                         at: span.location, suggestion: "did you mean \(NearestNames.list(names))?"))
            }
            return result
        }
    }

    /// Lower-case letters and digits in at least two hyphenated words, five to 64 characters
    /// (the specification's limit, which also bounds the work of the lookup).
    static func looksLikeSkillName(_ word: String) -> Bool {
        let hyphen = UInt8(ascii: "-")
        let bytes = word.utf8
        guard (5...SkillNameCheck.maximumLength).contains(bytes.count), bytes.first != hyphen, bytes.last != hyphen else {
            return false
        }
        // Byte by byte: this runs on every code span of the collection.
        var previous: UInt8 = 0
        var hyphens = 0
        for byte in bytes {
            if byte == hyphen {
                if previous == hyphen { return false }
                hyphens += 1
            } else if !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                return false
            }
            previous = byte
        }
        return hyphens > 0
    }

    /// Whether `word` reads as a slip for `name`: the same hyphenated words but one, which has
    /// four letters or more in both and is not a number (`react-18` beside `react-19` is a version).
    static func isSlip(_ word: String, for name: String) -> Bool {
        let words = word.split(separator: "-"), names = name.split(separator: "-")
        guard words.count == names.count else { return false }
        let differing = zip(words, names).filter { $0 != $1 }
        guard differing.count == 1, let (typed, meant) = differing.first else { return false }
        return typed.count >= 4 && meant.count >= 4 && !typed.allSatisfy(\.isNumber) && !meant.allSatisfy(\.isNumber)
    }
}
