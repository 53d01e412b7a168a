import SkillParser

/// Holds each file to a number of findings of one code, as compilers stop after so many errors:
/// the first ones in the file are reported, and one `finding-limit` note, where the first left
/// out one is, says how many more there were and how to see them all.
struct FindingLimit {
    static let code = "finding-limit"

    static let codes = [
        CodeInfo(code, .note, summary: "a file has more findings of one code than are reported",
                 explanation: """
                    One mistake repeated through a file, often a generated one (thousands of empty images, \
                    a table of links to a folder that moved), would fill the report with the same line. \
                    After \(CheckOptions.defaultFindingLimit) findings of one code in one file, `skillbook \
                    check` reports the rest as this one note, placed at the first finding left out, with \
                    their number. The summary line counts the findings reported.

                    Fix the pattern, then check again; `skillbook check --finding-limit 0` reports every \
                    finding, and `--finding-limit N` changes the limit.
                    """),
    ]

    let limit: Int

    init(_ limit: Int) {
        self.limit = limit
    }

    /// `diagnostics`, sorted (so by file first), with the findings of a code past the limit in
    /// each file replaced by one note; sorted again only when a note was added.
    func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var notes: [Diagnostic] = []
        var file: String?
        var counts: [String: Int] = [:]
        // Per code of the current file: the first finding left out, and how many were.
        var leftOut: [String: (first: Diagnostic, count: Int)] = [:]
        func flush() {
            for (_, dropped) in leftOut { notes.append(note(for: dropped.first, count: dropped.count)) }
            leftOut.removeAll(keepingCapacity: true)
            counts.removeAll(keepingCapacity: true)
        }
        for diagnostic in diagnostics {
            if diagnostic.location.file != file {
                flush()
                file = diagnostic.location.file
            }
            let seen = counts[diagnostic.code, default: 0]
            counts[diagnostic.code] = seen + 1
            if seen < limit {
                result.append(diagnostic)
            } else if let dropped = leftOut[diagnostic.code] {
                leftOut[diagnostic.code] = (dropped.first, dropped.count + 1)
            } else {
                leftOut[diagnostic.code] = (diagnostic, 1)
            }
        }
        flush()
        return notes.isEmpty ? result : (result + notes).sorted()
    }

    private func note(for first: Diagnostic, count: Int) -> Diagnostic {
        let kind = first.severity.rawValue + (count == 1 ? "" : "s")
        return Diagnostic(.note, code: Self.code,
                          "\(count) more `\(first.code)` \(kind) in this file \(count == 1 ? "is" : "are") not reported, after the first \(limit)",
                          at: first.location,
                          suggestion: "fix the repeated problem, or run `skillbook check --finding-limit 0` to report them all")
    }
}
