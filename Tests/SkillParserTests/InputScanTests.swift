import Foundation
import Testing
@testable import SkillParser

/// The scans that refuse a file before parsing skip most of its bytes when they can (a window
/// per 10 KB for long lines, a jump per `[` for brackets); they must find exactly what a look
/// at every byte finds, at the same line.
@Suite struct InputScanTests {
    static let limit = InputLimits.maximumLineBytes

    static func longLine(_ text: String) -> (line: Int, bytes: Int)? {
        SourceFileReader.firstLongLine(in: Data(text.utf8))
    }

    static func line(_ length: Int) -> String { String(repeating: "a", count: length) }

    @Test func linesAtTheLimitPassAndOneByteMoreIsFoundWhereverItIs() {
        let short = Array(repeating: "short line", count: 3_000).joined(separator: "\n")  // 33 KB
        #expect(Self.longLine(Self.line(Self.limit)) == nil)
        #expect(Self.longLine(Self.line(Self.limit) + "\n") == nil)
        #expect(Self.longLine(short + "\n" + Self.line(Self.limit) + "\n" + short) == nil)
        #expect(Self.longLine(Self.line(Self.limit + 1))! == (1, Self.limit + 1))
        #expect(Self.longLine(Self.line(Self.limit + 1) + "\n" + short)! == (1, Self.limit + 1))
        #expect(Self.longLine(short + "\n" + Self.line(Self.limit + 1) + "\n" + short)! == (3_001, Self.limit + 1))
        // Last, without a line end.
        #expect(Self.longLine(short + "\n" + Self.line(Self.limit + 5))! == (3_001, Self.limit + 5))
        // Lines of the limit, one after another, then one over it.
        let atLimit = Array(repeating: Self.line(Self.limit), count: 5).joined(separator: "\n")
        #expect(Self.longLine(atLimit) == nil)
        #expect(Self.longLine(atLimit + "\n" + Self.line(Self.limit + 1))! == (6, Self.limit + 1))
        // Empty lines only.
        #expect(Self.longLine(String(repeating: "\n", count: 30_000)) == nil)
    }

    @Test func carriageReturnsEndLinesToo() {
        let short = Array(repeating: "short line", count: 3_000).joined(separator: "\r\n")
        #expect(Self.longLine(short + "\r\n" + Self.line(Self.limit) + "\r\n") == nil)
        #expect(Self.longLine(short + "\r\n" + Self.line(Self.limit + 1) + "\r\n")! == (3_001, Self.limit + 1))
        #expect(Self.longLine(short + "\r" + Self.line(Self.limit + 1))! == (3_001, Self.limit + 1))
    }

    static func overflow(_ text: String) -> (line: Int, brackets: Int)? {
        BracketBudget.firstOverflow(in: Data(text.utf8))
    }

    @Test func bracketsAreCountedPerParagraphEvenWhenTheFileHasMoreThanTheLimit() {
        let budget = InputLimits.maximumBracketsPerParagraph
        let paragraph = Array(repeating: "[a](b.md)", count: 10).joined(separator: " ")  // 10 openers
        // The whole file within the budget, in one paragraph.
        let full = Array(repeating: paragraph, count: budget / 10).joined(separator: "\n")
        #expect(Self.overflow(full) == nil)
        // Twice the budget over two paragraphs.
        #expect(Self.overflow(full + "\n\n" + full) == nil)
        // One opener more in one paragraph: found on the line where it passes.
        #expect(Self.overflow(full + "\n[c](d.md)")! == (budget / 10 + 1, budget + 1))
        #expect(Self.overflow(full + "\n\n" + full + "\n[c](d.md)")! == (2 * (budget / 10) + 2, budget + 1))
    }

    static func wideRow(_ text: String) -> (line: Int, cells: Int)? {
        TableCellBudget.firstOverflow(in: Data(text.utf8))
    }

    @Test func tableCellsAreCountedPerLineEvenWhenTheFileHasMoreThanTheLimit() {
        let limit = InputLimits.maximumTableCellsPerLine
        let row = "|" + String(repeating: " x |", count: limit - 1)  // exactly `limit` pipes
        // Many rows at the limit: more pipes in the file than the limit, none over it on a line.
        let table = "| a | b |\n|---|---|\n" + Array(repeating: row, count: 50).joined(separator: "\r\n")
        #expect(Self.wideRow(table) == nil)
        // One pipe more on the fourth row (line 5), after CRLF line ends.
        let rows = Array(repeating: row, count: 3) + [row + "|"] + [row]
        #expect(Self.wideRow("| a | b |\n|---|---|\n" + rows.joined(separator: "\r\n"))! == (6, limit + 1))
        // Pipes in code count too: the scan never looks at what the parser will make of them.
        #expect(Self.wideRow("```\n" + String(repeating: "|", count: limit + 1) + "\n```\n")! == (2, limit + 1))
    }

    @Test func columnsCountCharactersOnlyWhereTheFileIsNotASCII() {
        var diagnostics: [Diagnostic] = []
        let ascii = MarkdownDocument(path: "a.md", text: "# A\n\nsee [x](y.md) and [z](w.md)\n", diagnostics: &diagnostics)
        #expect(ascii.links.map(\.location.column) == [5, 19])
        let text = "# Ä\n\nsee [x](y.md)\n\nüü [x](y.md) — [z](w.md)\n"
        let wide = MarkdownDocument(path: "b.md", text: text, diagnostics: &diagnostics)
        #expect(wide.links.map(\.location) == [
            SourceLocation(file: "b.md", line: 3, column: 5),
            SourceLocation(file: "b.md", line: 5, column: 4),
            SourceLocation(file: "b.md", line: 5, column: 16),
        ])
        // Behind frontmatter: the lines are the file's own.
        let fronted = MarkdownDocument(path: "c.md", text: "---\nname: ü\n---\n" + text, diagnostics: &diagnostics)
        #expect(fronted.links.map(\.location.line) == [6, 8, 8])
        #expect(fronted.links.map(\.location.column) == [5, 4, 16])
        #expect(diagnostics.isEmpty)
    }

    @Test func byteTallySaysWhetherAFileHoldsMoreThanTheLimitOfAByte() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let length = round == 0 ? 0 : Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<length).map { _ in [UInt8(ascii: "|"), UInt8(ascii: "a"), 10][Int.random(in: 0..<3, using: &generator)] }
            let pipes = bytes.filter { $0 == UInt8(ascii: "|") }.count
            for limit in [0, 1, pipes - 1, pipes, pipes + 1, 70] where limit >= 0 {
                let exceeds = bytes.withUnsafeBytes { ByteTally.exceeds(limit, of: UInt8(ascii: "|"), in: $0) }
                #expect(exceeds == (pipes > limit), "\(pipes) pipes, limit \(limit)")
            }
        }
    }
}
