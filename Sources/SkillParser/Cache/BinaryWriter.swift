import Foundation

/// Writes the parse cache's records: unsigned LEB128 varints, zigzag for signed values, and
/// strings as indexes into a table of the record's distinct strings, so a text that a document
/// holds several times (a location's file, a heading's text in its block and in `headings`) is
/// stored, and later decoded, once.
struct BinaryWriter {
    private var body: [UInt8] = []
    private var strings = StringTable()
    /// The tree's values written so far (`TreeValues`).
    var tree = TreeValues()
    /// The last location's file and its position in the table: a document's locations all name
    /// the same file, which is then not looked up again.
    private var lastFile: (text: String, index: Int)?
    /// What comes before `body`: earlier stretches of the body and the nested records between
    /// them (`record(_:)`), each in its parts.
    private var earlier: [[UInt8]] = []
    /// Records that follow the record itself (`trailing(_:)`), each in its parts.
    private var after: [[UInt8]] = []

    init() {
        body.reserveCapacity(1024)
    }

    mutating func byte(_ value: UInt8) {
        body.append(value)
    }

    mutating func bool(_ value: Bool) {
        body.append(value ? 1 : 0)
    }

    mutating func unsigned(_ value: UInt64) {
        Self.appendVarint(value, to: &body)
    }

    mutating func int(_ value: Int) {
        // Zigzag: small negative numbers stay short.
        let signed = Int64(value)
        unsigned(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)))
    }

    /// Eight bytes, little-endian: for digests, which a varint would make longer.
    mutating func word(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
    }

    mutating func count(_ value: Int) {
        unsigned(UInt64(value))
    }

    mutating func string(_ text: String) {
        var text = text
        let position = text.withUTF8 { strings.index(of: $0) }
        Self.appendVarint(UInt64(position), to: &body)
    }

    /// A location's file: the same as the last one's, mostly (`lastFile`).
    mutating func file(_ text: String) {
        if let last = lastFile, last.text == text {
            Self.appendVarint(UInt64(last.index), to: &body)
            return
        }
        var text = text
        let position = text.withUTF8 { strings.index(of: $0) }
        lastFile = (text, position)
        Self.appendVarint(UInt64(position), to: &body)
    }

    /// Bytes as they are (their length is the caller's to write).
    mutating func bytes(_ bytes: [UInt8]) {
        body.append(contentsOf: bytes)
    }

    mutating func optionalString(_ text: String?) {
        bool(text != nil)
        if let text { string(text) }
    }

    /// Another record, as its length then its bytes, which stay in the parts they are in
    /// (`parts()`): a document's tree and rules, most of its record, are not copied into it.
    mutating func record(_ parts: [[UInt8]]) {
        count(parts.reduce(0) { $0 + $1.count })
        earlier.append(body)
        earlier += parts
        body = []
    }

    /// Another record, placed after this one's end rather than inside it: the record says what
    /// it needs to find it (its length, its digest), and a reader of this record alone need not
    /// read it (the parse cache's trees and rules, `CacheCoding+Document`).
    mutating func trailing(_ parts: [[UInt8]]) {
        after += parts
    }

    /// The record, in parts that follow one another: the number of strings, the string table,
    /// then the body with the nested records' parts in their places; then the trailing records.
    /// The parse cache writes them as they are: each copy of a record was another buffer of its size.
    func parts() -> [[UInt8]] {
        let (record, trailing) = split()
        return record + trailing
    }

    /// `parts()` as the record's own parts and the trailing records' parts.
    func split() -> (record: [[UInt8]], trailing: [[UInt8]]) {
        var count: [UInt8] = []
        Self.appendVarint(UInt64(strings.count), to: &count)
        return ([count, strings.bytes] + earlier + [body], after)
    }

    /// The record in one piece.
    func finished() -> [UInt8] {
        Array(parts().joined())
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}
