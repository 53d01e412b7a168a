import SkillParser
/// A map from `TextKey` to a small index, by open addressing in flat arrays.
///
/// Merging identical texts looks up every rule and sentence once; a `Dictionary` hashes each
/// 128-bit key again with a per-process seed. The keys are already uniformly mixed, so their low
/// bits choose the slot directly, and the table never holds a reference per entry.
struct TextKeyTable {
    private var keys: [TextKey]
    private var values: [Int32]
    private var mask: Int
    private(set) var count = 0

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
        var slot = Int(truncatingIfNeeded: key.low) & mask
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
        var slot = Int(truncatingIfNeeded: key.low) & mask
        while values[slot] >= 0 {
            if keys[slot] == key { return Int(values[slot]) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        keys = [TextKey](repeating: TextKey(high: 0, low: 0), count: oldValues.count * 2)
        values = [Int32](repeating: -1, count: oldValues.count * 2)
        mask = values.count - 1
        for (key, value) in zip(oldKeys, oldValues) where value >= 0 {
            var slot = Int(truncatingIfNeeded: key.low) & mask
            while values[slot] >= 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = value
        }
    }
}
