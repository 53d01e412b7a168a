#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns cmark's byte columns into the character columns an editor shows, in time linear in
/// the text: in an ASCII file (most of them) columns are bytes and nothing is counted; in
/// others, ASCII lines need no counting either, and on the rest a cursor moves forward from
/// the last position asked for, since the converter asks in document order.
/// (Rescanning the line for every node made `` `a` `` × 250,000 on one line take minutes.)
/// It reads the file's bytes where they lie, during one conversion.
struct SourceColumns {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Empty for an ASCII file.
    private var lineStarts: [Int] = []
    private var lineIsASCII: [Bool] = []
    /// Last position counted: line, byte offset in the text, and its character column.
    private var cursor: (line: Int, offset: Int, column: Int) = (0, 0, 1)

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        guard let base = bytes.baseAddress, !Self.isASCII(bytes) else { return }
        // Lines found with `memchr`, each read eight bytes at a time.
        var start = 0
        while true {
            lineStarts.append(start)
            let end = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
                .map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) } ?? bytes.count
            lineIsASCII.append(Self.isASCII(UnsafeBufferPointer(rebasing: bytes[start..<end])))
            guard end < bytes.count else { break }
            start = end + 1
        }
    }

    /// Whether every byte is below 0x80, read eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The 1-based character column of the 1-based `byteColumn` on `line`.
    mutating func column(line: Int, byteColumn: Int) -> Int {
        guard !lineStarts.isEmpty, line >= 1, line <= lineStarts.count, byteColumn > 1 else { return max(byteColumn, 1) }
        if lineIsASCII[line - 1] { return byteColumn }
        let start = lineStarts[line - 1]
        let target = min(start + byteColumn - 1, bytes.count)
        if cursor.line != line || cursor.offset > target { cursor = (line, start, 1) }
        if cursor.offset < target {
            cursor.column += String(decoding: UnsafeBufferPointer(rebasing: bytes[cursor.offset..<target]), as: UTF8.self).count
            cursor.offset = target
        }
        return cursor.column
    }
}
