/// A template's text as UTF-8 bytes, with the name used in errors.
struct MustacheSource {
    let name: String
    let bytes: [UInt8]

    init(_ text: String, name: String) {
        self.name = name
        self.bytes = Array(text.utf8)
    }

    var count: Int { bytes.count }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The first occurrence of `needle` at or after `start`.
    func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index ..< index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The offset where the line holding `offset` begins.
    func lineStart(before offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The line and column (in characters) of `offset`, both counted from 1.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let line = 1 + bytes[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let column = 1 + text(lineStart(before: offset) ..< offset).count
        return (line, column)
    }

    func error(_ kind: MustacheError.Kind, at offset: Int) -> MustacheError {
        let (line, column) = location(of: offset)
        return MustacheError(templateName: name, line: line, column: column, kind: kind)
    }
}

extension UInt8 {
    var isMustacheSpace: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}
