import Foundation

/// The distinct strings of a `BinaryWriter` record, each stored once (its length as a varint,
/// then its bytes) and known by its position in the order first written.
///
/// Finding a string already written is most of the parse cache's encoding (every text, every
/// location's file): an open-addressing table of positions keyed by a cheap 64-bit hash of the
/// bytes answers with one probe or two, where a `Dictionary` hashed the digest again (SipHash) and
/// was looked up twice per new string. Two strings with the same hash are told apart by their bytes.
struct StringTable {
    /// What the record stores: every string's length and bytes, in order.
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0
    /// Per string: its hash, and where its bytes start in `bytes` and how many there are.
    private var hashes: [UInt64] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    /// Position plus one of the string in each slot, 0 for an empty slot; a power of two long,
    /// at most half full.
    private var slots: [Int] = Array(repeating: 0, count: 256)

    init() {
        bytes.reserveCapacity(1024)
    }

    /// The position of the string of `text`'s bytes, added when it is not there yet.
    mutating func index(of text: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(text)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let held = slots[slot]
            if held == 0 { break }
            let position = held - 1
            if hashes[position] == hash, lengths[position] == text.count, sameBytes(text, at: starts[position]) {
                return position
            }
            slot = (slot + 1) & mask
        }
        BinaryWriter.appendVarint(UInt64(text.count), to: &bytes)
        hashes.append(hash)
        starts.append(bytes.count)
        lengths.append(text.count)
        bytes.append(contentsOf: text)
        count += 1
        slots[slot] = count
        if count * 2 > slots.count { grow() }
        return count - 1
    }

    private func sameBytes(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard let base = text.baseAddress, !text.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, base, text.count) == 0 }
    }

    /// Doubles the slots and places every string again.
    private mutating func grow() {
        var larger = Array(repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for position in 0..<count {
            var slot = Int(truncatingIfNeeded: hashes[position]) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = position + 1
        }
        slots = larger
    }

    /// Multiply-xorshift over 8-byte words, then the SplitMix64 finaliser so the low bits (the
    /// slot) depend on every byte. Within one process only: nothing stores it.
    static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: text.count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = text.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= text.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index += 8
        }
        if index < text.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < text.count {
                tail |= UInt64(base[index]) << shift
                shift += 8
                index += 1
            }
            hash = (hash ^ tail) &* 0xBF58_476D_1CE4_E5B9
        }
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }
}
