/// Turns cmark's byte columns into the character columns an editor shows, in time linear in
/// the text: ASCII lines (most of them) need no counting, and on other lines a cursor moves
/// forward from the last position asked for, since the converter asks in document order.
/// (Rescanning the line for every node made `` `a` `` × 250,000 on one line take minutes.)
struct SourceColumns {
    private let bytes: [UInt8]
    private var lineStarts: [Int] = [0]
    private var lineIsASCII: [Bool] = []
    /// Last position counted: line, byte offset in the text, and its character column.
    private var cursor: (line: Int, offset: Int, column: Int) = (0, 0, 1)

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var ascii = true
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                lineStarts.append(index + 1)
                lineIsASCII.append(ascii)
                ascii = true
            } else if byte >= 0x80 {
                ascii = false
            }
        }
        lineIsASCII.append(ascii)
    }

    /// The 1-based character column of the 1-based `byteColumn` on `line`.
    mutating func column(line: Int, byteColumn: Int) -> Int {
        guard line >= 1, line <= lineStarts.count, byteColumn > 1 else { return max(byteColumn, 1) }
        if lineIsASCII[line - 1] { return byteColumn }
        let start = lineStarts[line - 1]
        let target = min(start + byteColumn - 1, bytes.count)
        if cursor.line != line || cursor.offset > target { cursor = (line, start, 1) }
        if cursor.offset < target {
            cursor.column += String(decoding: bytes[cursor.offset..<target], as: UTF8.self).count
            cursor.offset = target
        }
        return cursor.column
    }
}
