import SkillParser
/// Numbers written as text for the index files: each character carries five bits of the number and
/// a flag saying another character follows, least significant group first. The 64 characters used
/// need no escaping in a JavaScript string, so the files stay plain JS and load over `file://`.
enum CompactNumbers {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let values: [Int] = {
        var table = Array(repeating: -1, count: 128)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = value }
        return table
    }()

    /// Appends `value` (non-negative) to `text`.
    static func append(_ value: Int, to text: inout [UInt8]) {
        precondition(value >= 0, "compact numbers are non-negative")
        var rest = value
        while rest >= 32 {
            text.append(alphabet[(rest & 31) | 32])
            rest >>= 5
        }
        text.append(alphabet[rest])
    }

    /// One character for a value in 0...63.
    static func digit(_ value: Int) -> UInt8 { alphabet[value] }

    static func value(of character: UInt8) -> Int? {
        character < 128 ? (values[Int(character)] >= 0 ? values[Int(character)] : nil) : nil
    }

    /// Reads numbers back, one after another.
    struct Reader {
        let text: [UInt8]
        var offset = 0

        init(_ text: [UInt8]) { self.text = text }

        var atEnd: Bool { offset >= text.count }

        mutating func next() throws(SearchIndexReader.FormatError) -> Int {
            var value = 0, shift = 0
            while true {
                guard offset < text.count else { throw .init("a number is cut off") }
                guard let digit = CompactNumbers.value(of: text[offset]) else {
                    throw .init("unexpected character in a number list")
                }
                offset += 1
                guard shift < 60 else { throw .init("a number is too large") }
                value |= (digit & 31) << shift
                if digit < 32 { return value }
                shift += 5
            }
        }

        mutating func nextDigit() throws(SearchIndexReader.FormatError) -> Int {
            guard offset < text.count, let digit = CompactNumbers.value(of: text[offset]) else {
                throw .init("a weight is missing or malformed")
            }
            offset += 1
            return digit
        }
    }
}
