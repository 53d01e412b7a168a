import Foundation
import SkillParser

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

    /// Number of hash functions a signature needs.
    var hashCount: Int { bands * rows }

    /// The banding for `threshold`: the most rows (up to 6; more rows, fewer chance candidates)
    /// for which enough bands to find pairs at `threshold` with probability `recall` fit in
    /// `maximumHashes`. At least 3 rows, so that unrelated rules rarely meet and the number of
    /// candidates grows linearly; below a threshold of about 0.45, recall at the threshold
    /// itself then drops (pairs well above it are still found).
    static func choose(threshold: Double, recall: Double = 0.95, maximumHashes: Int = 128) -> LSHBanding {
        for rows in stride(from: 6, through: 3, by: -1) {
            let perBand = pow1(min(max(threshold, 0.01), 0.99), rows)
            let bands = Int((log(1 - recall) / log(1 - perBand)).rounded(.up))
            if bands * rows <= maximumHashes { return LSHBanding(bands: bands, rows: rows) }
        }
        return LSHBanding(bands: maximumHashes / 3, rows: 3)
    }

    /// Writes one 32-bit key per band into `output`; equal keys mean the band's rows agree (or,
    /// rarely, collide, which verification then rejects).
    func keys(of signature: UnsafeBufferPointer<UInt32>, into output: UnsafeMutableBufferPointer<UInt32>) {
        for band in 0..<bands {
            var hash = UInt64(band) &+ 0x243f_6a88_85a3_08d3
            for row in (band * rows)..<(band * rows + rows) {
                hash = StableHash.combine(hash, UInt64(signature[row]))
            }
            output[band] = UInt32(truncatingIfNeeded: hash >> 32)
        }
    }
}

/// `base` to the power of a small non-negative integer.
private func pow1(_ base: Double, _ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= base }
    return result
}
