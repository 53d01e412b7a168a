import SkillParser
/// The feature sets of all units in one flat, immutable buffer, so that concurrent readers
/// share it without reference counting on every access.
final class FeatureSets: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt32>
    private let offsets: [Int]

    var count: Int { offsets.count - 1 }

    /// The sets of `count` units, `make(i, &set)` writing unit `i`'s (sorted, unique) over `set`;
    /// made on all cores in chunks, each chunk's sets side by side, then copied into one buffer.
    init(count: Int, _ make: (Int, inout [UInt32]) -> Void) {
        let chunkCount = max(1, min(Parallel.cores * 8, count / 256))
        let chunkSize = (count + chunkCount - 1) / max(1, chunkCount)
        let parts = Parallel.map(count == 0 ? 0 : chunkCount, minimumChunk: 1) { chunk -> (values: [UInt32], ends: [Int]) in
            var values: [UInt32] = []
            var ends: [Int] = []
            var set: [UInt32] = []
            for index in (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize) {
                make(index, &set)
                values.append(contentsOf: set)
                ends.append(values.count)
            }
            return (values, ends)
        }
        var offsets = [0]
        offsets.reserveCapacity(count + 1)
        let total = parts.reduce(0) { $0 + $1.values.count }
        storage = .allocate(capacity: max(1, total))
        for part in parts {
            let base = offsets[offsets.count - 1]
            _ = UnsafeMutableBufferPointer(rebasing: storage[base..<(base + part.values.count)]).initialize(from: part.values)
            offsets.append(contentsOf: part.ends.lazy.map { $0 + base })
        }
        self.offsets = offsets
    }

    /// Sets read back from a cache: `values[offsets[i]..<offsets[i + 1]]` is set `i`
    /// (`offsets` starts at 0, ends at `values.count` and never decreases).
    init(offsets: [Int], values: [UInt32]) {
        storage = .allocate(capacity: max(1, values.count))
        _ = storage.initialize(from: values)
        self.offsets = offsets
    }

    /// Sets whose sizes are known first: set `i` takes `offsets[i]..<offsets[i + 1]` (as above),
    /// and `fill(i, slots)` initializes every one of its slots, on all cores.
    init(offsets: [Int], fill: (Int, UnsafeMutableBufferPointer<UInt32>) -> Void) {
        let total = offsets[offsets.count - 1]
        storage = .allocate(capacity: max(1, total))
        let base = UncheckedSendable(storage)
        Parallel.forEachChunk(offsets.count - 1, minimumChunk: 1024) { range in
            for index in range {
                fill(index, UnsafeMutableBufferPointer(rebasing: base.value[offsets[index]..<offsets[index + 1]]))
            }
        }
        self.offsets = offsets
    }

    /// Sets read back from a cache's column of little-endian values, copied once into place.
    init(offsets: [Int], littleEndian bytes: UnsafeRawBufferPointer) {
        let count = bytes.count / MemoryLayout<UInt32>.size
        storage = .allocate(capacity: max(1, count))
        #if _endian(little)
        UnsafeMutableRawBufferPointer(storage).copyMemory(from: bytes)
        #else
        for index in 0..<count { storage[index] = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)) }
        #endif
        self.offsets = offsets
    }

    deinit { storage.deallocate() }

    /// Every set, one after another (`counts` gives where each ends).
    var values: UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(rebasing: UnsafeBufferPointer(storage)[0..<offsets[offsets.count - 1]])
    }

    /// The number of features of each set, in order.
    var counts: [UInt32] {
        zip(offsets, offsets.dropFirst()).map { UInt32($1 - $0) }
    }

    /// Unit `index`'s features, sorted and unique, valid only inside `body`.
    func withFeatures<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
        let start = offsets[index]
        return body(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(storage)[start..<offsets[index + 1]]))
    }

    /// Number of unit `index`'s features.
    func count(of index: Int) -> Int {
        offsets[index + 1] - offsets[index]
    }

    func jaccard(_ first: Int, _ second: Int) -> Double {
        withFeatures(of: first) { a in withFeatures(of: second) { b in JaccardSimilarity.of(a, b) } }
    }
}
