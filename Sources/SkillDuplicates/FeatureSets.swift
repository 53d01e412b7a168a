import SkillParser
/// The feature sets of all units in one flat, immutable buffer, so that concurrent readers
/// share it without reference counting on every access.
final class FeatureSets: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt32>
    private let offsets: [Int]

    var count: Int { offsets.count - 1 }

    init(_ sets: [[UInt32]]) {
        var offsets = [0]
        offsets.reserveCapacity(sets.count + 1)
        for set in sets { offsets.append(offsets[offsets.count - 1] + set.count) }
        storage = .allocate(capacity: max(1, offsets[offsets.count - 1]))
        var position = 0
        for set in sets {
            for feature in set {
                storage[position] = feature
                position += 1
            }
        }
        self.offsets = offsets
    }

    deinit { storage.deallocate() }

    /// Unit `index`'s features, sorted and unique, valid only inside `body`.
    func withFeatures<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
        let start = offsets[index]
        return body(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(storage)[start..<offsets[index + 1]]))
    }

    func jaccard(_ first: Int, _ second: Int) -> Double {
        withFeatures(of: first) { a in withFeatures(of: second) { b in JaccardSimilarity.of(a, b) } }
    }
}
