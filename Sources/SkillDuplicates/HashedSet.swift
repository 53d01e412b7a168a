import SkillParser
/// A set of already well-mixed hashes (token hashes, word-pair features), by open addressing in
/// one flat array: what `Containment.Probe` asks about every word of every longer rule it reads.
///
/// `Set` hashes each value again with a per-process seed (SipHash), most of a probe's cost; these
/// values are uniform already, so their low bits choose the slot.
struct HashedSet {
    private var slots: [UInt64]
    /// Zero marks an empty slot, so whether the set holds zero itself is kept apart.
    private var hasZero = false

    init<Values: Sequence>(_ values: Values) where Values.Element: FixedWidthInteger {
        var size = 8
        while size < values.underestimatedCount * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        var count = 0
        for value in values {
            let key = UInt64(truncatingIfNeeded: value)
            if key == 0 { hasZero = true; continue }
            if count * 2 >= slots.count { grow() }
            if insert(key) { count += 1 }
        }
    }

    func contains<Value: FixedWidthInteger>(_ value: Value) -> Bool {
        let key = UInt64(truncatingIfNeeded: value)
        if key == 0 { return hasZero }
        var slot = Int(truncatingIfNeeded: key) & (slots.count - 1)
        while true {
            let held = slots[slot]
            if held == key { return true }
            if held == 0 { return false }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    private mutating func insert(_ key: UInt64) -> Bool {
        var slot = Int(truncatingIfNeeded: key) & (slots.count - 1)
        while slots[slot] != 0 {
            if slots[slot] == key { return false }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = key
        return true
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        for key in old where key != 0 { _ = insert(key) }
    }
}
