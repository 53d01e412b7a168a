import SkillParser
/// MinHash signatures: for each of `count` hash functions, the smallest value it takes over a
/// feature set. Two sets agree at one position with probability equal to their Jaccard
/// similarity, so signatures estimate similarity without comparing the sets.
///
/// The hash functions are `a·x + b` modulo 2³² with odd `a`, a different bijection of the
/// (already well mixed) 32-bit features each; their constants come from a fixed seed, so the
/// same input gives the same signature on every run. They are evaluated sixteen at a time.
struct MinHasher: Sendable {
    /// The multipliers and offsets, as signed lanes: `b` has its top bit flipped (2³¹ added), so
    /// every value `a·x + b` comes out with its top bit flipped, and the unsigned order of the
    /// values is the signed order of the flipped ones. Without SSE4.1 (the baseline x86-64 the
    /// build targets) an unsigned vector minimum costs two more instructions per four lanes.
    private let multipliers: [SIMD16<Int32>]
    private let offsets: [SIMD16<Int32>]

    /// Number of hash functions: `count` rounded up to a multiple of 16.
    var count: Int { multipliers.count * 16 }

    init(count: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let groups = max(1, (count + 15) / 16)
        var multipliers: [SIMD16<Int32>] = []
        var offsets: [SIMD16<Int32>] = []
        for _ in 0..<groups {
            var a = SIMD16<Int32>(), b = SIMD16<Int32>()
            for lane in 0..<16 {
                a[lane] = Int32(bitPattern: UInt32(truncatingIfNeeded: generator.next() >> 32) | 1)
                b[lane] = Int32(bitPattern: UInt32(truncatingIfNeeded: generator.next() >> 32) ^ 0x8000_0000)
            }
            multipliers.append(a)
            offsets.append(b)
        }
        self.multipliers = multipliers
        self.offsets = offsets
    }

    /// The signature of the features for which `include` is true; of all of them when none is.
    func signature(of features: UnsafeBufferPointer<UInt32>, including include: (UInt32) -> Bool = { _ in true }) -> [UInt32] {
        var signature = [UInt32](repeating: 0, count: count)
        signature.withUnsafeMutableBufferPointer { self.signature(of: features, including: include, into: $0) }
        return signature
    }

    /// Writes the signature into `output` (`count` values), without allocating.
    ///
    /// The included features are gathered first, then each group of sixteen functions runs over
    /// all of them with its minima, multipliers and offsets held in registers: feature by feature
    /// over all groups, the minima went to memory and back for every feature.
    func signature(of features: UnsafeBufferPointer<UInt32>, including include: (UInt32) -> Bool,
                   into output: UnsafeMutableBufferPointer<UInt32>) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, features.count)) { included in
            // Written whether included or not, counted only if so: a branch here mispredicted
            // on every common feature.
            var used = 0
            for feature in features {
                included[used] = Int32(bitPattern: feature)
                used += include(feature) ? 1 : 0
            }
            if used == 0 {
                for feature in features {
                    included[used] = Int32(bitPattern: feature)
                    used += 1
                }
            }
            let values = UnsafeBufferPointer(rebasing: included[0..<used])
            output.withMemoryRebound(to: SIMD16<UInt32>.self) { minima in
                multipliers.withUnsafeBufferPointer { a in
                    offsets.withUnsafeBufferPointer { b in
                        for group in 0..<minima.count {
                            minima[group] = Self.minimum(values, a[group], b[group])
                        }
                    }
                }
            }
        }
    }

    /// The sixteen minima of `a·x + b` over `values`, top bits flipped back.
    @inline(__always)
    private static func minimum(_ values: UnsafeBufferPointer<Int32>, _ a: SIMD16<Int32>, _ b: SIMD16<Int32>) -> SIMD16<UInt32> {
        var minimum = SIMD16<Int32>(repeating: .max)
        for value in values {
            let hashed = a &* SIMD16(repeating: value) &+ b
            minimum = minimum.replacing(with: hashed, where: hashed .< minimum)
        }
        return SIMD16<UInt32>(truncatingIfNeeded: minimum) ^ SIMD16(repeating: 0x8000_0000)
    }
}
