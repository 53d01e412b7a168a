import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct MinHashTests {
    /// Two sets of `size` random features that share `shared` of them.
    private func pair(size: Int, shared: Int, generator: inout SeededGenerator) -> ([UInt32], [UInt32]) {
        let common = (0..<shared).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
        let first = common + (0..<(size - shared)).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
        let second = common + (0..<(size - shared)).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
        return (first.sorted(), second.sorted())
    }

    private func agreement(_ first: [UInt32], _ second: [UInt32], hasher: MinHasher) -> Double {
        let a = first.withUnsafeBufferPointer { hasher.signature(of: $0) }
        let b = second.withUnsafeBufferPointer { hasher.signature(of: $0) }
        return Double(zip(a, b).filter { $0 == $1 }.count) / Double(a.count)
    }

    @Test func signaturesAgreeInProportionToJaccardSimilarity() {
        var generator = SeededGenerator(seed: 7)
        let hasher = MinHasher(count: 64, seed: 1)
        for (shared, expected) in [(20, 1.0 / 3.0), (30, 0.6), (36, 0.818)] {
            var total = 0.0
            for _ in 0..<200 {
                let (a, b) = pair(size: 40, shared: shared, generator: &generator)
                #expect(abs(JaccardSimilarity.of(a, b) - expected) < 0.001)
                total += agreement(a, b, hasher: hasher)
            }
            #expect(abs(total / 200 - expected) < 0.03, "estimate \(total / 200) for Jaccard \(expected)")
        }
    }

    @Test func sameSeedSameSignatureAndOtherSeedAnother() {
        let features: [UInt32] = [3, 99, 123_456, 4_000_000_000]
        let signature = features.withUnsafeBufferPointer { MinHasher(count: 64, seed: 5).signature(of: $0) }
        #expect(signature.count == 64)
        #expect(signature == features.withUnsafeBufferPointer { MinHasher(count: 64, seed: 5).signature(of: $0) })
        #expect(signature != features.withUnsafeBufferPointer { MinHasher(count: 64, seed: 6).signature(of: $0) })
    }

    /// The vectorised signature is exactly `min over x of (a·x + b) mod 2³²` for each function,
    /// with the constants drawn from the seed as documented: the same band keys as ever.
    @Test func signatureIsTheMinimumOfEachHashFunction() {
        var generator = SeededGenerator(seed: 11)
        for size in [0, 1, 2, 17, 40, 300] {
            let features = (0..<size).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) } + [0, .max]
            let signature = features.withUnsafeBufferPointer { MinHasher(count: 88, seed: 9).signature(of: $0) }
            var constants = SeededGenerator(seed: 9)
            var expected: [UInt32] = []
            for _ in 0..<96 {
                let a = UInt32(truncatingIfNeeded: constants.next() >> 32) | 1
                let b = UInt32(truncatingIfNeeded: constants.next() >> 32)
                expected.append(features.map { a &* $0 &+ b }.min()!)
            }
            #expect(signature == expected)
        }
    }

    @Test func excludedFeaturesDoNotCountUnlessNothingElseIsLeft() {
        let hasher = MinHasher(count: 16, seed: 2)
        let all: [UInt32] = [10, 20, 30]
        let without20 = all.withUnsafeBufferPointer { hasher.signature(of: $0, including: { $0 != 20 }) }
        #expect(without20 == [UInt32]([10, 30]).withUnsafeBufferPointer { hasher.signature(of: $0) })
        let nothing = all.withUnsafeBufferPointer { hasher.signature(of: $0, including: { _ in false }) }
        #expect(nothing == all.withUnsafeBufferPointer { hasher.signature(of: $0) })
    }

    @Test func bandingIsChosenForTheThreshold() {
        for threshold in [0.5, 0.6, 0.7, 0.8, 0.9] {
            let banding = LSHBanding.choose(threshold: threshold)
            #expect(banding.hashCount <= 128)
            #expect(banding.rows >= 3)
            #expect(banding.candidateProbability(atSimilarity: threshold) >= 0.95)
            #expect(banding.candidateProbability(atSimilarity: 0.1) < 0.03)
        }
        #expect(LSHBanding.choose(threshold: 0.6) == LSHBanding(bands: 22, rows: 4))
        #expect(LSHBanding.choose(threshold: 0.2).rows == 3)
        #expect(LSHBanding(bands: 21, rows: 3).candidateProbability(atSimilarity: 1) == 1)
        #expect(LSHBanding(bands: 21, rows: 3).candidateProbability(atSimilarity: 0) == 0)
    }

    @Test func jaccardOfSortedSets() {
        #expect(JaccardSimilarity.of([1, 2, 3, 4], [3, 4, 5, 6]) == 2.0 / 6.0)
        #expect(JaccardSimilarity.of([1, 2], [1, 2]) == 1)
        #expect(JaccardSimilarity.of([1], [2]) == 0)
    }
}
