import SkillParser
/// The word forms (and Han or kana pairs) a counted batch has met, by their UTF-8 bytes, each
/// with a value: the run of terms it gives. Counting looks up every word of the collection's
/// text here.
///
/// A form of up to 16 bytes (nearly every word) is kept inside its slot, with its length, a
/// fragment of its hash and its value, so that a lookup reads one slot of 32 bytes. With a
/// `ByteStringTable` and an array of values beside it, a lookup read the slot, the key's two
/// offsets, the key's bytes and two values, each a likely cache miss: the table was more than a
/// third of counting's profile. Longer forms are kept in `longKeys`, their slot giving where.
struct WordFormTable: Sendable {
    private struct Slot: Sendable {
        /// The form's bytes 0..<8 and 8..<16, zero-padded; for a longer form, its start in
        /// `longKeys` in `head`.
        var head: UInt64
        var tail: UInt64
        /// The top half of the form's hash in the high half, its length in the low half; 0 for an
        /// empty slot (no form is empty).
        var meta: UInt64
        var value: UInt64
    }

    private static let inline = 16
    private var slots = [Slot](repeating: Slot(head: 0, tail: 0, meta: 0, value: 0), count: 1024)
    private var longKeys: [UInt8] = []
    /// The process's seed of the word hashes (`HashSeed`).
    private let seed = HashSeed.process
    private(set) var count = 0

    /// Where `key` is, or where it would go; `found` says which. Valid until the next `insert`.
    func find(_ key: UnsafeBufferPointer<UInt8>) -> (slot: Int, found: Bool) {
        let hash = ByteStringTable.hash(key, seed: seed) >> 32
        let meta = hash << 32 | UInt64(key.count)
        let (head, tail) = key.count <= Self.inline ? Self.words(key) : (0, 0)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let stored = slots[slot]
                if stored.meta == 0 { return (slot, false) }
                if stored.meta == meta {
                    if key.count <= Self.inline {
                        if stored.head == head && stored.tail == tail { return (slot, true) }
                    } else if equalsLong(Int(stored.head), key) {
                        return (slot, true)
                    }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The value of the form found at `slot`.
    @inline(__always)
    func value(at slot: Int) -> UInt64 { slots[slot].value }

    /// Adds `key`, which `find` did not find, with `value`, at the slot `find` gave.
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, value: UInt64, at slot: Int) {
        let hash = ByteStringTable.hash(key, seed: seed) >> 32
        var entry = Slot(head: 0, tail: 0, meta: hash << 32 | UInt64(key.count), value: value)
        if key.count <= Self.inline {
            (entry.head, entry.tail) = Self.words(key)
        } else {
            entry.head = UInt64(longKeys.count)
            longKeys.append(contentsOf: key)
        }
        slots[slot] = entry
        count += 1
        if count * 2 > slots.count { grow() }
    }

    private func equalsLong(_ start: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        longKeys.withUnsafeBufferPointer { stored in
            for index in 0..<key.count where stored[start + index] != key[index] { return false }
            return true
        }
    }

    /// The bytes of a key of at most 16 bytes as two little-endian words, zero-padded.
    @inline(__always)
    private static func words(_ key: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let raw = UnsafeRawBufferPointer(key)
        if key.count >= 8 {
            let head = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            if key.count == 16 { return (head, raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
            return (head, partial(key, from: 8))
        }
        return (partial(key, from: 0), 0)
    }

    @inline(__always)
    private static func partial(_ key: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64 {
        var word: UInt64 = 0
        var index = key.count - 1
        while index >= start {
            word = word << 8 | UInt64(key[index])
            index -= 1
        }
        return word
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(head: 0, tail: 0, meta: 0, value: 0), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.meta != 0 {
            var slot = Int(truncatingIfNeeded: entry.meta >> 32) & mask
            while slots[slot].meta != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
