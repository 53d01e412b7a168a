import Foundation

/// Counts the cell separators (`|`) of each line. cmark-gfm 0.29.0.gfm.6 (Debian's) parses a
/// table row in time quadratic in its cells: a 10,000-byte row of 4,900 cells takes 48 ms, so a
/// 4 MiB file of such rows, each within the line limit, takes 19 s (cmark-gfm alone), while
/// 9,800 rows of 200 cells take 0.8 s. Every `|` is counted, in code, escaped or not: the count
/// can only overstate the cells the parser sees, never miss them.
enum TableCellBudget {
    /// The first line (1-based) with more than `InputLimits.maximumTableCellsPerLine` `|`, and
    /// its count; one pass, linear.
    static func firstOverflow(in data: Data) -> (line: Int, cells: Int)? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (line: Int, cells: Int)? in
            // A file with no more `|` than one line may hold (nearly all) cannot overflow.
            guard ByteTally.exceeds(InputLimits.maximumTableCellsPerLine, of: UInt8(ascii: "|"), in: bytes) else { return nil }
            var line = 1, inLine = 0, index = 0
            let count = bytes.count
            while index < count {
                switch bytes[index] {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    // CRLF is one line end.
                    if bytes[index] == UInt8(ascii: "\r"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    line += 1
                    inLine = 0
                case UInt8(ascii: "|"):
                    inLine += 1
                    if inLine > InputLimits.maximumTableCellsPerLine { return (line, inLine) }
                default:
                    break
                }
                index += 1
            }
            return nil
        }
    }
}
