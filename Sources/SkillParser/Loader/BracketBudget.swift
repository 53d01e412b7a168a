import Foundation

/// Counts link and image openers (`[`, and so `![`) per run of non-blank lines, the widest
/// span cmark-gfm parses as one paragraph's inlines. cmark-gfm 0.29.0.gfm.6 (Debian's) takes
/// time quadratic in the openers of one paragraph, even over many short lines, so the line
/// limit cannot catch it: `![[]()` repeated over short lines takes 2 s for 120 KB and 21 s for
/// 240 KB (cmark-gfm alone), so a 4 MiB file would run for hours. A blank line always ends a paragraph, so a run
/// between blank lines holds every opener of its paragraphs (and of code, tables or headings
/// in it): the count can only overstate what the parser sees, never miss it. A bullet item
/// (`-`, `*` or `+` and a space, after at most three spaces) also starts a new paragraph, so a
/// long tight list of links is not counted as one run.
enum BracketBudget {
    /// The first line (1-based) at which a run of non-blank lines passes
    /// `InputLimits.maximumBracketsPerParagraph`, and the count there; one pass, linear.
    static func firstOverflow(in data: Data) -> (line: Int, brackets: Int)? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (line: Int, brackets: Int)? in
            // A file with no more openers than one paragraph may hold (nearly all) cannot overflow.
            guard ByteTally.exceeds(InputLimits.maximumBracketsPerParagraph, of: UInt8(ascii: "["), in: bytes) else { return nil }
            var line = 1, inRun = 0, inLine = 0, lineIsBlank = true, index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    inRun = lineIsBlank ? 0 : inRun + inLine
                    inLine = 0
                    lineIsBlank = true
                    // CRLF is one line end.
                    if byte == UInt8(ascii: "\r"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    line += 1
                    if startsBulletItem(bytes, at: index + 1) { inRun = 0 }
                case UInt8(ascii: "["):
                    inLine += 1
                    lineIsBlank = false
                    if inRun + inLine > InputLimits.maximumBracketsPerParagraph { return (line, inRun + inLine) }
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    break
                default:
                    lineIsBlank = false
                }
                index += 1
            }
            return nil
        }
    }

    /// Whether the line at `start` begins with up to three spaces, a bullet, a space or tab and
    /// then text on the same line (an empty item cannot interrupt a paragraph, so it must not
    /// end a run).
    static func startsBulletItem(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Bool {
        var index = start
        while index < bytes.count, index - start < 3, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index + 1 < bytes.count else { return false }
        let marker = bytes[index], next = bytes[index + 1]
        guard marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "+"),
              next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") else { return false }
        index += 2
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return false
            default: return true
            }
        }
        return false
    }
}
