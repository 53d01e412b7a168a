import Testing
@testable import SkillParser

/// The search index sorts its terms with `Parallel.sortedIndices`: the order must be the one a
/// single core's `sorted(by:)` gives, ties included, whatever the number of runs.
@Suite struct ParallelSortingTests {
    @Test(arguments: [0, 1, 7, 4096, 10_000, 50_001])
    func sortsAsSortedByDoes(count: Int) {
        var generator = SystemRandomNumberGenerator()
        // Few distinct keys, so that most comparisons are ties and stability shows.
        let keys = (0..<count).map { _ in Int.random(in: 0..<97, using: &generator) }
        let expected = Array(0..<count).sorted { keys[$0] < keys[$1] }
        #expect(Parallel.sortedIndices(count) { keys[$0] < keys[$1] } == expected)
    }

    @Test func keepsEqualElementsInTheirOrderAcrossRuns() {
        // Every element equal: the result is 0..<count, the runs merged in order.
        let count = 20_000
        #expect(Parallel.sortedIndices(count) { _, _ in false } == Array(0..<count))
    }
}
