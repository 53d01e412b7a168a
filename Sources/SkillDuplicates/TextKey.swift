import SkillParser
/// A 128-bit fingerprint of a token sequence: equal sequences give equal keys, and two
/// different sequences share one with negligible probability (about 2⁻¹²⁸ per pair), so texts
/// are grouped by key instead of by long strings.
struct TextKey: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    init(_ hashes: ArraySlice<UInt64>) {
        var high: UInt64 = 0x6a09_e667_f3bc_c908
        var low: UInt64 = 0xbb67_ae85_84ca_a73b
        for hash in hashes {
            high = StableHash.combine(high, hash)
            low = StableHash.combine(low ^ 0x3c6e_f372_fe94_f82b, hash)
        }
        self.high = StableHash.combine(high, UInt64(hashes.count))
        self.low = low
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A fixed order of keys, for sorting sets of texts whatever their indexes.
    func isBefore(_ other: TextKey) -> Bool {
        (high, low) < (other.high, other.low)
    }
}
