import Foundation

/// Writes the parse cache's records: unsigned LEB128 varints, zigzag for signed values, and
/// strings as indexes into a table of the record's distinct strings, so a text that a document
/// holds several times (a location's file, a heading's text in its block and in `headings`) is
/// stored, and later decoded, once.
struct BinaryWriter {
    private var body: [UInt8] = []
    private var table: [UInt8] = []
    private var stringCount = 0
    /// The tree's values written so far (`TreeValues`).
    var tree = TreeValues()
    /// Table index by a 64-bit digest of the string's bytes; a digest shared by two different
    /// strings only costs the second its own entry (`sameBytes` decides).
    private var indexByDigest: [UInt64: (index: Int, start: Int, count: Int)] = [:]

    init() {
        body.reserveCapacity(4096)
        table.reserveCapacity(4096)
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

    mutating func count(_ value: Int) {
        unsigned(UInt64(value))
    }

    mutating func string(_ text: String) {
        var text = text
        let position = text.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) -> Int in tableIndex(of: bytes) }
        Self.appendVarint(UInt64(position), to: &body)
    }

    /// The string's index in the table, adding it when it is not there yet.
    private mutating func tableIndex(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let digest = ContentHasher.hash(UnsafeRawBufferPointer(bytes)).low
        if let known = indexByDigest[digest], known.count == bytes.count,
           table.withUnsafeBufferPointer({ (table: UnsafeBufferPointer<UInt8>) -> Bool in
               bytes.isEmpty || memcmp(table.baseAddress! + known.start, bytes.baseAddress!, bytes.count) == 0
           }) {
            return known.index
        }
        Self.appendVarint(UInt64(bytes.count), to: &table)
        if indexByDigest[digest] == nil { indexByDigest[digest] = (stringCount, table.count, bytes.count) }
        table.append(contentsOf: bytes)
        stringCount += 1
        return stringCount - 1
    }

    /// Bytes as they are (their length is the caller's to write).
    mutating func bytes(_ bytes: [UInt8]) {
        body.append(contentsOf: bytes)
    }

    mutating func optionalString(_ text: String?) {
        bool(text != nil)
        if let text { string(text) }
    }

    /// The record: the number of strings, the string table, then the body.
    func finished() -> [UInt8] {
        var record: [UInt8] = []
        record.reserveCapacity(table.count + body.count + 10)
        Self.appendVarint(UInt64(stringCount), to: &record)
        record += table
        record += body
        return record
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
