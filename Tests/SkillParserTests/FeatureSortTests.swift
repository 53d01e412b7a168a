import Testing
@testable import SkillDuplicates

@Suite struct FeatureSortTests {
    @Test func sortsAsTheStandardSortDoes() {
        var generator = SeededGenerator(seed: 3)
        for size in [0, 1, 2, 3, 24, 25, 40, 100, 1_000, 20_000] {
            for range in [UInt32(3), 1_000, .max] {
                let values = (0..<size).map { _ in UInt32.random(in: 0...range, using: &generator) }
                for input in [values, values.sorted(), values.sorted().reversed(), [UInt32](repeating: 7, count: size)] {
                    var sorted = input
                    FeatureSort.sort(&sorted)
                    #expect(sorted == input.sorted(), "\(size) values up to \(range)")
                }
            }
        }
    }
}

@Suite struct HashedSetTests {
    @Test func holdsWhatASetHolds() {
        var generator = SeededGenerator(seed: 4)
        for size in [0, 1, 5, 64, 1_000] {
            let values = (0..<size).map { _ in generator.next() } + [0, 0, 1, UInt64.max]
            let set = HashedSet(values)
            for value in values { #expect(set.contains(value)) }
            let others = (0..<200).map { _ in generator.next() }.filter { !values.contains($0) }
            for value in others { #expect(!set.contains(value)) }
            let pairs = HashedSet(values.map { UInt32(truncatingIfNeeded: $0) })
            #expect(values.allSatisfy { pairs.contains(UInt32(truncatingIfNeeded: $0)) })
            #expect(!HashedSet([UInt64(5)]).contains(UInt64(0)))
        }
    }
}
