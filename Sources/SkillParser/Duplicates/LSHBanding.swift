/// Locality-sensitive hashing by banding: a signature of `bands × rows` values is cut into
/// bands, and two items become candidates when all rows of at least one band agree. For
/// Jaccard similarity `s` that happens with probability `1 - (1 - s^rows)^bands`, an S-curve
/// that is steep around `(1/bands)^(1/rows)`.
struct LSHBanding: Sendable, Hashable {
    var bands: Int
    var rows: Int

    /// The chance that two items with Jaccard similarity `similarity` become candidates.
    func candidateProbability(atSimilarity similarity: Double) -> Double {
        1 - pow1(1 - pow1(similarity, rows), bands)
    }

    /// For `hashCount` hash functions, the banding with the most rows (fewest chance
    /// candidates) that still finds pairs at `threshold` with probability `recall` or more.
    static func choose(threshold: Double, hashCount: Int, recall: Double = 0.95) -> LSHBanding {
        var best = LSHBanding(bands: hashCount, rows: 1)
        for rows in 1...max(1, hashCount) {
            let banding = LSHBanding(bands: hashCount / rows, rows: rows)
            if banding.bands >= 1, banding.candidateProbability(atSimilarity: threshold) >= recall { best = banding }
        }
        return best
    }

    /// One 32-bit key per band; equal keys mean the band's rows agree (or, rarely, collide,
    /// which verification then rejects).
    func keys(of signature: [UInt32]) -> [UInt32] {
        (0..<bands).map { band in
            var hash = UInt64(band) &+ 0x243f_6a88_85a3_08d3
            for row in signature[(band * rows)..<(band * rows + rows)] {
                hash = StableHash.combine(hash, UInt64(row))
            }
            return UInt32(truncatingIfNeeded: hash >> 32)
        }
    }
}

/// `base` to the power of a small non-negative integer, without Foundation.
private func pow1(_ base: Double, _ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= base }
    return result
}
