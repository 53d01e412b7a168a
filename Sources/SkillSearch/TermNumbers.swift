import SkillParser

/// The index's terms numbered in the order first met: assembling the index gives each batch's
/// terms (`CountedBatch.terms`) their numbers across the whole collection here.
///
/// A slot holds only the top half of the term's hash and its number (8 bytes); the bytes are
/// compared in `texts`. Numbering meets each batch's term once, not each occurrence, so the
/// extra read costs little, while a `WordFormTable` (32-byte slots) held 17 MB for the
/// 260,000 terms of agentic-awesome-skills and 25 MB as it grew: the top of a full build's
/// memory (heaptrack), reached while every document's counts are held.
struct TermNumbers {
    /// `hash << 32 | number + 1`; 0 for an empty slot.
    private var slots: [UInt64]
    /// Each term's text, by number.
    private(set) var texts: [String] = []
    /// The process's seed of the word hashes (`HashSeed`).
    private let seed = HashSeed.process

    /// A table with room for `expected` terms before it grows.
    init(expected: Int = 0) {
        var size = 1024
        while size < expected * 2 { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
    }

    /// The number of `term`, numbered next when it is new.
    mutating func number(of term: String) -> Int32 {
        var bytes = term
        return bytes.withUTF8 { key in
            let hash = ByteStringTable.hash(key, seed: seed) >> 32
            let found = slots.withUnsafeBufferPointer { slots -> (slot: Int, number: Int?) in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let stored = slots[slot]
                    if stored == 0 { return (slot, nil) }
                    if stored >> 32 == hash {
                        let number = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
                        if Self.same(texts[number], key) { return (slot, number) }
                    }
                    slot = (slot + 1) & mask
                }
            }
            if let number = found.number { return Int32(truncatingIfNeeded: number) }
            texts.append(term)
            slots[found.slot] = hash << 32 | UInt64(texts.count)
            if texts.count * 2 > slots.count { grow() }
            return Int32(truncatingIfNeeded: texts.count - 1)
        }
    }

    /// Whether `text`'s UTF-8 bytes are `key`'s (compared as bytes, as the batches number them).
    private static func same(_ text: String, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { stored in
            stored.elementsEqual(key)
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = Int(truncatingIfNeeded: entry >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
