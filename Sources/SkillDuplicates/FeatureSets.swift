import SkillParser
/// The feature sets of all units in one flat, immutable buffer, so that concurrent readers
/// share it without reference counting on every access. Sets read from a cache are used where
/// the cache file is mapped (the buffer is then the file's, kept alive with it), and sets made
/// from such sets refer to them instead of copying them (`init(count:reusing:from:_:)`).
final class FeatureSets: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt32>
    private let offsets: [Int]
    /// What keeps `storage` when it is not this object's own (a mapped cache file's payload).
    private let keeper: AnyObject?
    /// Sets of another object used as they are: set `i` is `reused`'s set `reusedIndex[i]` when
    /// that is not negative (else it is in `storage`, as above).
    private let reused: FeatureSets?
    private let reusedIndex: [Int32]

    /// The object whose sets these refer to, if any (one level: it refers to none).
    var reusedSets: FeatureSets? { reused }

    var count: Int { offsets.count - 1 }

    /// The sets of `count` units, `make(i, &set)` writing unit `i`'s (sorted, unique) over `set`;
    /// made on all cores in chunks, each chunk's sets side by side, then copied into one buffer.
    init(count: Int, _ make: (Int, inout [UInt32]) -> Void) {
        (storage, offsets) = Self.made(count: count, make)
        (keeper, reused, reusedIndex) = (nil, nil, [])
    }

    /// The sets of `count` units of which some are `reused`'s, used where they are: set `i` is
    /// `reused`'s set `from[i]` when that is not negative, else the one `make(i, &set)` writes (as above).
    /// A set that `reused` itself refers to elsewhere is referred to there, and one it holds is copied,
    /// so that reading a set never goes through more than one other object (a run's sets are made
    /// from a cache's, which are the base file's and a delta's; verification and containment read
    /// sets in their inner loops).
    init(count: Int, reusing reused: FeatureSets, from index: [Int32], _ make: (Int, inout [UInt32]) -> Void) {
        precondition(index.count == count && index.allSatisfy { $0 < reused.count }, "a set of `reused`, or -1, per set")
        let (target, targetIndex) = reused.reused.map { deeper in
            (deeper, index.map { $0 >= 0 ? reused.reusedIndex[Int($0)] : -1 })
        } ?? (reused, index)
        (storage, offsets) = Self.made(count: count) { unit, set in
            if targetIndex[unit] >= 0 {
                set.removeAll(keepingCapacity: true)
            } else if index[unit] >= 0 {
                set.removeAll(keepingCapacity: true)
                reused.withFeatures(of: Int(index[unit])) { set.append(contentsOf: $0) }
            } else {
                make(unit, &set)
            }
        }
        (keeper, self.reused, reusedIndex) = (nil, target, targetIndex)
    }

    private static func made(count: Int, _ make: (Int, inout [UInt32]) -> Void) -> (UnsafeMutableBufferPointer<UInt32>, [Int]) {
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
        let storage = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(1, total))
        for part in parts {
            let base = offsets[offsets.count - 1]
            _ = UnsafeMutableBufferPointer(rebasing: storage[base..<(base + part.values.count)]).initialize(from: part.values)
            offsets.append(contentsOf: part.ends.lazy.map { $0 + base })
        }
        return (storage, offsets)
    }

    /// Sets read back from a cache's column of little-endian values, used
    /// where they are while `keeper` keeps `bytes` (on a little-endian machine, and when they
    /// are aligned as the column's writer aligns them), copied once into place otherwise. Set `i`
    /// is values `offsets[i]..<offsets[i + 1]` (`offsets` starts at 0 and never decreases).
    init(offsets: [Int], littleEndian bytes: UnsafeRawBufferPointer, keeping keeper: AnyObject) {
        let count = bytes.count / MemoryLayout<UInt32>.size
        self.offsets = offsets
        (reused, reusedIndex) = (nil, [])
        #if _endian(little)
        if let start = bytes.baseAddress, Int(bitPattern: start) % MemoryLayout<UInt32>.alignment == 0 {
            storage = UnsafeMutableBufferPointer(mutating: UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt32.self), count: count))
            self.keeper = keeper
            return
        }
        #endif
        storage = .allocate(capacity: max(1, count))
        for index in 0..<count { storage[index] = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)) }
        self.keeper = nil
    }

    deinit {
        if keeper == nil { storage.deallocate() }
    }

    /// Unit `index`'s features, sorted and unique, valid only inside `body`.
    func withFeatures<Result, Failure: Error>(of index: Int, _ body: (UnsafeBufferPointer<UInt32>) throws(Failure) -> Result)
        throws(Failure) -> Result {
        if !reusedIndex.isEmpty, case let other = reusedIndex[index], other >= 0 {
            return try reused.unsafelyUnwrapped.withFeatures(of: Int(other), body)
        }
        let start = offsets[index]
        return try body(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(storage)[start..<offsets[index + 1]]))
    }

    /// Number of unit `index`'s features.
    func count(of index: Int) -> Int {
        if !reusedIndex.isEmpty, case let other = reusedIndex[index], other >= 0 { return reused.unsafelyUnwrapped.count(of: Int(other)) }
        return offsets[index + 1] - offsets[index]
    }

    func jaccard(_ first: Int, _ second: Int) -> Double {
        withFeatures(of: first) { a in withFeatures(of: second) { b in JaccardSimilarity.of(a, b) } }
    }
}
