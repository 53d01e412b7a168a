import SkillParser
/// MinHash signatures: for each of `count` hash functions, the smallest value it takes over a
/// feature set. Two sets agree at one position with probability equal to their Jaccard
/// similarity, so signatures estimate similarity without comparing the sets.
///
/// The hash functions are `a·x + b` modulo 2³² with odd `a`, a different bijection of the
/// (already well mixed) 32-bit features each; their constants come from a fixed seed, so the
/// same input gives the same signature on every run. They are evaluated sixteen at a time.
struct MinHasher: Sendable {
    private let multipliers: [SIMD16<UInt32>]
    private let offsets: [SIMD16<UInt32>]

    /// Number of hash functions: `count` rounded up to a multiple of 16.
    var count: Int { multipliers.count * 16 }

    init(count: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let groups = max(1, (count + 15) / 16)
        var multipliers: [SIMD16<UInt32>] = []
        var offsets: [SIMD16<UInt32>] = []
        for _ in 0..<groups {
            var a = SIMD16<UInt32>(), b = SIMD16<UInt32>()
            for lane in 0..<16 {
                a[lane] = UInt32(truncatingIfNeeded: generator.next() >> 32) | 1
                b[lane] = UInt32(truncatingIfNeeded: generator.next() >> 32)
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
    func signature(of features: UnsafeBufferPointer<UInt32>, including include: (UInt32) -> Bool,
                   into output: UnsafeMutableBufferPointer<UInt32>) {
        output.withMemoryRebound(to: SIMD16<UInt32>.self) { minima in
            minima.initialize(repeating: SIMD16(repeating: .max))
            multipliers.withUnsafeBufferPointer { a in
                offsets.withUnsafeBufferPointer { b in
                    var used = 0
                    for feature in features where include(feature) {
                        Self.add(feature, a, b, minima)
                        used += 1
                    }
                    if used == 0 {
                        for feature in features { Self.add(feature, a, b, minima) }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func add(_ feature: UInt32, _ a: UnsafeBufferPointer<SIMD16<UInt32>>,
                            _ b: UnsafeBufferPointer<SIMD16<UInt32>>, _ minima: UnsafeMutableBufferPointer<SIMD16<UInt32>>) {
        let x = SIMD16<UInt32>(repeating: feature)
        for group in 0..<minima.count {
            let value = a[group] &* x &+ b[group]
            minima[group] = minima[group].replacing(with: value, where: value .< minima[group])
        }
    }
}
