import Foundation

/// The distinct strings of a `BinaryWriter` record, each stored once (its length as a varint,
/// then its bytes) and known by its position in the order first written.
///
/// Finding a string already written is most of the parse cache's encoding (every text, every
/// location's file): `ByteStringTable` (the search index's word table) answers with one probe or
/// two, where a `Dictionary` hashed a digest again (SipHash) and was looked up twice per new
/// string.
struct StringTable {
    /// What the record stores: every string's length and bytes, in order.
    private(set) var bytes: [UInt8] = []
    private var numbers = ByteStringTable()

    init() {
        bytes.reserveCapacity(1024)
    }

    var count: Int { numbers.count }

    /// The position of the string of `text`'s bytes, added when it is not there yet.
    mutating func index(of text: UnsafeBufferPointer<UInt8>) -> Int {
        let (number, inserted) = numbers.insert(text)
        if inserted {
            BinaryWriter.appendVarint(UInt64(text.count), to: &bytes)
            bytes.append(contentsOf: text)
        }
        return number
    }
}
