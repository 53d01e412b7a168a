import Testing
@testable import SkillParser

/// cmark-gfm's inline phase changes process-wide tables (the characters of strikethrough and
/// autolinks) at the start and end of every parse; `CmarkConverter` lets only the block phase
/// run on several threads at once. Parsing many files on all cores must give what parsing each
/// alone gives: were the inline phases to overlap, one parse clearing `~` while another reads
/// it would drop strikethrough and autolinks at random.
@Suite struct ParallelParseTests {
    static func text(_ number: Int) -> String {
        var lines = ["# File \(number)", ""]
        for line in 0..<40 {
            lines.append("Line \(line): ~~gone \(number)~~ and www.example\(line).com and https://a.example/\(number) `code` **bold**.")
            if line % 10 == 0 { lines += ["", "| a | b |", "| --- | --- |", "| ~~x~~ | www.b.example |", ""] }
        }
        return lines.joined(separator: "\n")
    }

    @Test func filesParsedOnAllCoresEqualFilesParsedOneByOne() {
        let count = 400
        let alone = (0..<count).map { number -> MarkdownDocument in
            var diagnostics: [Diagnostic] = []
            return MarkdownDocument(path: "f\(number).md", text: Self.text(number), diagnostics: &diagnostics)
        }
        for _ in 0..<3 {
            let together = Parallel.map(count, minimumChunk: 1) { number -> MarkdownDocument in
                var diagnostics: [Diagnostic] = []
                return MarkdownDocument(path: "f\(number).md", text: Self.text(number), diagnostics: &diagnostics)
            }
            let differing = zip(together, alone).filter { $0 != $1 }.map(\.0.path)
            #expect(differing.isEmpty, "parsed differently on all cores: \(differing.prefix(5).joined(separator: ", "))")
        }
        // The tables above really exercise both extensions.
        #expect(alone[0].links.count >= 80)
        #expect(alone[0].tables.count == 4)
    }
}
