import SkillParser
/// A map from `TextKey` to a small index, by open addressing in flat arrays.
///
/// Merging identical texts looks up every rule and sentence once; a `Dictionary` hashes each
/// 128-bit key again with a per-process seed. The keys are already uniformly mixed, but a rule's
/// key is the same in every process, so rules whose keys share their low bits could be made
/// ahead to pile up in one run of slots: the slot is chosen by the low half mixed with the
/// process's seed (`HashSeed`). The table never holds a reference per entry.
struct TextKeyTable {
    /// A key and its value side by side: a probe reads one slot, not a value in one array and then
    /// the key in another. Merging the texts of agentic-awesome-skills inserts 128,000 units into a
    /// table of 4 MB of keys and 1 MB of values, and most of that insert's time was those two
    /// cache misses a probe (perf: 17 of the 38 ms of `ComparisonUnits` in a rule rebuild).
    private struct Slot {
        var key: TextKey
        /// -1 for an empty slot.
        var value: Int32
    }

    private var slots: [Slot]
    private var mask: Int
    private(set) var count = 0
    private let seed = HashSeed.process

    /// A table for about `capacity` keys, kept at most half full.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Slot](repeating: Slot(key: TextKey(high: 0, low: 0), value: -1), count: size)
        mask = size - 1
    }

    /// The value of `key`, or `make()` stored under it when the key is new; and whether it was new.
    mutating func value(for key: TextKey, orInsert make: () -> Int) -> (value: Int, inserted: Bool) {
        if count * 2 >= slots.count { grow() }
        var slot = home(of: key)
        while slots[slot].value >= 0 {
            if slots[slot].key == key { return (Int(slots[slot].value), false) }
            slot = (slot + 1) & mask
        }
        let value = make()
        slots[slot] = Slot(key: key, value: Int32(value))
        count += 1
        return (value, true)
    }

    /// The value stored under `key`, if any.
    func value(of key: TextKey) -> Int? {
        guard count > 0 else { return nil }
        var slot = home(of: key)
        while slots[slot].value >= 0 {
            if slots[slot].key == key { return Int(slots[slot].value) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private func home(of key: TextKey) -> Int {
        Int(truncatingIfNeeded: StableHash.mix(key.low ^ seed)) & mask
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(key: TextKey(high: 0, low: 0), value: -1), count: old.count * 2)
        mask = slots.count - 1
        for entry in old where entry.value >= 0 {
            var slot = home(of: entry.key)
            while slots[slot].value >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
