import SkillParser
/// Turns a run of token hashes into the set of features that Jaccard similarity compares:
/// each word (1-shingles, so reordered words still overlap) and each pair of neighbouring
/// words (2-shingles, so word order still counts), as sorted, unique 32-bit hashes.
///
/// 32 bits keep the sets small; two different features of one pair of rules collide with a
/// probability of about 10⁻⁶, which moves a similarity by one feature at most.
enum Shingler {
    static func features(_ hashes: ArraySlice<UInt64>) -> [UInt32] {
        var result: [UInt32] = []
        features(hashes, into: &result)
        return result
    }

    /// `features(hashes)`, written over `result` (whose storage is reused).
    static func features(_ hashes: ArraySlice<UInt64>, into result: inout [UInt32]) {
        result.removeAll(keepingCapacity: true)
        result.reserveCapacity(hashes.count * 2)
        var previous: UInt64?
        for hash in hashes {
            result.append(UInt32(truncatingIfNeeded: StableHash.mix(hash ^ 0x5555_5555_5555_5555) >> 32))
            if let previous { result.append(pairFeature(previous, hash)) }
            previous = hash
        }
        FeatureSort.sort(&result)
        result.removeAdjacentDuplicates()
    }

    /// The feature of two neighbouring words; also the key of the shingle index that finds
    /// rules restated inside longer ones.
    @inline(__always)
    static func pairFeature(_ previous: UInt64, _ hash: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: StableHash.combine(previous, hash) >> 32)
    }
}

extension Array where Element: Equatable {
    /// Drops repeats from a sorted array, in place.
    mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}
