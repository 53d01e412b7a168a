import Foundation

/// The distinct strings of a `BinaryWriter` record, each stored once (its length as a varint,
/// then its bytes) and known by its position in the order first written.
///
/// Finding a string already written is most of the parse cache's encoding (every text, every
/// location's file): `ByteStringTable` (the search index's word table) answers with one probe or
/// two, where a `Dictionary` hashed a digest again (SipHash) and was looked up twice per new
/// string. The strings' bytes are kept there only, and the record's table is made from them
/// once, at its size: a second copy grown by doubling as strings came was a quarter of the
/// encoding (perf, agentic-awesome-skills `build --full`: 129 of 495 samples, its reallocations
/// and the page faults of the fresh memory each one touched).
struct StringTable {
    private var numbers = ByteStringTable()

    var count: Int { numbers.count }

    /// The position of the string of `text`'s bytes, added when it is not there yet.
    mutating func index(of text: UnsafeBufferPointer<UInt8>) -> Int {
        numbers.insert(text).number
    }

    /// What the record stores: every string's length and bytes, in order.
    var bytes: [UInt8] {
        let offsets = numbers.offsets
        var size = numbers.bytes.count
        for number in 0..<count { size += Self.varintLength(offsets[number + 1] - offsets[number]) }
        var result: [UInt8] = []
        result.reserveCapacity(size)
        numbers.bytes.withUnsafeBufferPointer { all in
            for number in 0..<count {
                let range = offsets[number]..<offsets[number + 1]
                BinaryWriter.appendVarint(UInt64(range.count), to: &result)
                result.append(contentsOf: UnsafeBufferPointer(rebasing: all[range]))
            }
        }
        return result
    }

    private static func varintLength(_ value: Int) -> Int {
        var length = 1
        var rest = UInt64(value) >> 7
        while rest > 0 {
            length += 1
            rest >>= 7
        }
        return length
    }
}
