import Foundation
/// A set of byte strings, each numbered in the order it was first inserted: the index step's
/// word cache, looked up once per word of the collection's text, and the parse cache's string
/// table (`StringTable`). Inlinable: the search index's counting calls it once per word from
/// another module. A Swift `Dictionary` keyed by
/// `String` needed a string made for every word and a seeded SipHash of it (the profile's
/// `Hasher` and `String` frames); this hashes the bytes where they lie and compares them in
/// place on a hit.
@frozen public struct ByteStringTable: Sendable {
    /// The keys, one after another.
    @usableFromInline var bytes: [UInt8] = []
    /// Where key `n` starts in `bytes`; key `n` ends where key `n + 1` starts.
    @usableFromInline var offsets: [Int] = [0]
    /// At each slot, key number + 1 in the low half and the top of its hash in the high half
    /// (so that a probe rarely reads a key), 0 for an empty slot; the capacity is a power of two.
    @usableFromInline var slots: [UInt64] = Array(repeating: 0, count: 1024)
    @usableFromInline var hashes: [UInt64] = []
    /// The process's seed (`HashSeed`), read once per table, not once per key.
    @usableFromInline let seed = HashSeed.process

    @inlinable public init() {}

    @inlinable public var count: Int { hashes.count }

    /// The number of `key`, inserting it when it is new; `inserted` says which.
    @inlinable public mutating func insert(_ key: UnsafeBufferPointer<UInt8>) -> (number: Int, inserted: Bool) {
        let hash = Self.hash(key, seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            if stored >> 32 == hash >> 32, equals(Int(stored & 0xFFFF_FFFF) - 1, key) { return (Int(stored & 0xFFFF_FFFF) - 1, false) }
            slot = (slot + 1) & mask
        }
        let number = hashes.count
        bytes.append(contentsOf: key)
        offsets.append(bytes.count)
        hashes.append(hash)
        slots[slot] = Self.slot(number, hash)
        if hashes.count * 2 > slots.count { grow() }
        return (number, true)
    }

    @inlinable @inline(__always)
    static func slot(_ number: Int, _ hash: UInt64) -> UInt64 {
        (hash & 0xFFFF_FFFF_0000_0000) | UInt64(number + 1)
    }

    /// The number of `key`, or `nil` when it is not in the table.
    @inlinable public func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(key, seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if stored >> 32 == hash >> 32, equals(Int(stored & 0xFFFF_FFFF) - 1, key) { return Int(stored & 0xFFFF_FFFF) - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Calls `body` with the bytes of key `number`.
    @inlinable public func withKey<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[offsets[number]..<offsets[number + 1]])) }
    }

    @inlinable @inline(__always)
    func equals(_ number: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = offsets[number], length = offsets[number + 1] - start
        guard length == key.count else { return false }
        guard length > 0 else { return true }
        return bytes.withUnsafeBufferPointer { stored in
            // Eight bytes at a time in place: keys are words, mostly shorter than 16 bytes, and
            // the call to `memcmp` for each was a fifth of the table's time in counting's profile.
            let left = UnsafeRawPointer(stored.baseAddress! + start), right = UnsafeRawPointer(key.baseAddress!)
            var index = 0
            while index + 8 <= length {
                guard left.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        == right.loadUnaligned(fromByteOffset: index, as: UInt64.self) else { return false }
                index += 8
            }
            while index < length {
                guard left.load(fromByteOffset: index, as: UInt8.self) == right.load(fromByteOffset: index, as: UInt8.self) else {
                    return false
                }
                index += 1
            }
            return true
        }
    }

    @inlinable mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for number in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[number]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Self.slot(number, hashes[number])
        }
    }

    /// A 64-bit multiply-mix hash of 8-byte words, seeded (`HashSeed`: tables never leave
    /// the process, and a seed keeps keys that collide from being computed ahead).
    @inlinable public static func hash(_ key: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count) ^ seed
        let raw = UnsafeRawBufferPointer(key)
        var index = 0
        while index + 8 <= key.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            index += 8
        }
        if index < key.count {
            var tail: UInt64 = 0
            for shift in 0..<(key.count - index) { tail |= UInt64(key[index + shift]) << (8 * UInt64(shift)) }
            hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        }
        hash ^= hash >> 32
        hash = hash &* 0xD6E8_FEB8_6659_FD93
        return hash ^ (hash >> 32)
    }
}
