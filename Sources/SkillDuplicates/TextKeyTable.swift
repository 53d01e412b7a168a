import SkillParser
/// A map from `TextKey` to a small index, by open addressing in flat arrays.
///
/// Merging identical texts looks up every rule and sentence once; a `Dictionary` hashes each
/// 128-bit key again with a per-process seed. The keys are already uniformly mixed, but a rule's
/// key is the same in every process, so rules whose keys share their low bits could be made
/// ahead to pile up in one run of slots: the slot is chosen by the low half mixed with the
/// process's seed (`HashSeed`). The table never holds a reference per entry.
struct TextKeyTable {
    private var keys: [TextKey]
    private var values: [Int32]
    private var mask: Int
    private(set) var count = 0
    private let seed = HashSeed.process

    /// A table for about `capacity` keys, kept at most half full.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [TextKey](repeating: TextKey(high: 0, low: 0), count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// The value of `key`, or `make()` stored under it when the key is new; and whether it was new.
    mutating func value(for key: TextKey, orInsert make: () -> Int) -> (value: Int, inserted: Bool) {
        if count * 2 >= values.count { grow() }
        var slot = home(of: key)
        while values[slot] >= 0 {
            if keys[slot] == key { return (Int(values[slot]), false) }
            slot = (slot + 1) & mask
        }
        let value = make()
        keys[slot] = key
        values[slot] = Int32(value)
        count += 1
        return (value, true)
    }

    /// The value stored under `key`, if any.
    func value(of key: TextKey) -> Int? {
        guard count > 0 else { return nil }
        var slot = home(of: key)
        while values[slot] >= 0 {
            if keys[slot] == key { return Int(values[slot]) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private func home(of key: TextKey) -> Int {
        Int(truncatingIfNeeded: StableHash.mix(key.low ^ seed)) & mask
    }

    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        keys = [TextKey](repeating: TextKey(high: 0, low: 0), count: oldValues.count * 2)
        values = [Int32](repeating: -1, count: oldValues.count * 2)
        mask = values.count - 1
        for (key, value) in zip(oldKeys, oldValues) where value >= 0 {
            var slot = home(of: key)
            while values[slot] >= 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = value
        }
    }
}
