import SkillParser
/// How many units contain each feature, counted in a fixed table of slots, to leave the most
/// common features (shingles of "the", "use", "to the") out of MinHash signatures.
///
/// Two unrelated rules agree on a band mostly through such features; with them left out, the
/// number of chance candidates stays proportional to the number of rules instead of growing
/// with its square. Verification still compares every feature. Features that share a slot add
/// up, which can only make a rare feature look common, never the reverse.
struct FeatureFrequency: Sendable {
    private static let slotBits = 16
    /// The number of slots features are counted in.
    static let slotCount = 1 << slotBits
    /// How many features of all units fall in each slot.
    private(set) var counts: [UInt32]
    /// Features in more units than this are common.
    let limit: UInt32

    /// Counts features over all units. Only collections with enough units have a limit:
    /// a feature is common when more than `share` of the units, and at least `minimumUnits`, contain it.
    init(featureSets: FeatureSets, share: Double = 0.01, minimumUnits: Int = 1000) {
        let partCount = min(Parallel.cores, max(1, featureSets.count / 10_000))
        let parts = Parallel.map(partCount, minimumChunk: 1) { part -> [UInt32] in
            var counts = [UInt32](repeating: 0, count: Self.slotCount)
            var unit = part
            while unit < featureSets.count {
                featureSets.withFeatures(of: unit) { features in
                    for feature in features { counts[Self.slot(of: feature)] &+= 1 }
                }
                unit += partCount
            }
            return counts
        }
        var counts = parts.first ?? []
        for part in parts.dropFirst() {
            for slot in counts.indices { counts[slot] &+= part[slot] }
        }
        self.init(counts: counts, unitCount: featureSets.count, share: share, minimumUnits: minimumUnits)
    }

    /// The counts of `unitCount` units, worked out elsewhere (`UnitSketches`: the last run's,
    /// with the units gone taken out and the new ones added), with the limit `init(featureSets:)` sets.
    init(counts: [UInt32], unitCount: Int, share: Double = 0.01, minimumUnits: Int = 1000) {
        precondition(counts.count == Self.slotCount, "a count per slot")
        self.counts = counts
        limit = UInt32(max(Double(minimumUnits), share * Double(unitCount)))
    }

    /// The slot a feature is counted in.
    static func slot(of feature: UInt32) -> Int {
        Int(feature >> UInt32(32 - slotBits))
    }

    func isCommon(_ feature: UInt32) -> Bool {
        counts[Self.slot(of: feature)] > limit
    }

    /// One bit per slot, set for the common ones: what a signature depends on besides its unit's
    /// features, so signatures kept from an earlier run are reused only under the same bits.
    var commonSlots: [UInt64] {
        var bits = [UInt64](repeating: 0, count: counts.count / 64)
        for (slot, count) in counts.enumerated() where count > limit { bits[slot / 64] |= 1 << UInt64(slot % 64) }
        return bits
    }

    /// Whether any of `features` falls in a slot set in `slots` (bits as `commonSlots` has them).
    static func touches(_ features: UnsafeBufferPointer<UInt32>, _ slots: [UInt64]) -> Bool {
        features.contains { feature in
            let slot = slot(of: feature)
            return slots[slot / 64] & (1 << UInt64(slot % 64)) != 0
        }
    }
}
