import SkillParser
/// Sorts packed `key << 32 | item` values by key in three stable passes of 11, 11 and 10 bits,
/// so items that share a key stay in the order they came in. Faster than a comparison sort for
/// the millions of band entries of a large collection; 2,048 counters per pass fit in the first
/// level cache, where 65,536 did not.
public enum RadixSort {
    public static func sortByHigh32(_ values: inout [UInt64]) {
        guard values.count > 1 else { return }
        var scratch = [UInt64](repeating: 0, count: values.count)
        pass(from: values, to: &scratch, shift: 32, bits: 11)
        pass(from: scratch, to: &values, shift: 43, bits: 11)
        pass(from: values, to: &scratch, shift: 54, bits: 10)
        swap(&values, &scratch)
    }

    /// The order `sortByHigh32` gives, made on all cores: each pass counts digits chunk by chunk,
    /// then each chunk places its values from its own offsets (after the same digit in earlier
    /// chunks), so equal keys keep their order. For the few arrays of millions of entries that
    /// are sorted while nothing else runs.
    public static func sortByHigh32OnAllCores(_ values: inout [UInt64]) {
        guard values.count >= 1 << 16, Parallel.cores > 1 else { return sortByHigh32(&values) }
        var scratch = [UInt64](repeating: 0, count: values.count)
        parallelPass(from: values, to: &scratch, shift: 32, bits: 11)
        parallelPass(from: scratch, to: &values, shift: 43, bits: 11)
        parallelPass(from: values, to: &scratch, shift: 54, bits: 10)
        swap(&values, &scratch)
    }

    private static func parallelPass(from source: [UInt64], to target: inout [UInt64], shift: UInt64, bits: UInt64) {
        let mask: UInt64 = (1 << bits) - 1
        let buckets = 1 << Int(bits)
        let count = source.count
        let chunkCount = min(Parallel.cores * 4, max(1, count / 32_768))
        let chunkSize = (count + chunkCount - 1) / chunkCount
        source.withUnsafeBufferPointer { source in
            let counts = Parallel.map(chunkCount, minimumChunk: 1) { chunk -> [Int] in
                var counts = [Int](repeating: 0, count: buckets)
                for value in source[(chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize)] { counts[Int((value >> shift) & mask)] += 1 }
                return counts
            }
            // Chunk c places digit d's values after all smaller digits and after digit d of chunks before c.
            var offsets = [[Int]](repeating: [Int](repeating: 0, count: buckets), count: chunkCount)
            var running = 0
            for digit in 0..<buckets {
                for chunk in 0..<chunkCount {
                    offsets[chunk][digit] = running
                    running += counts[chunk][digit]
                }
            }
            target.withUnsafeMutableBufferPointer { target in
                let output = UncheckedSendable(target)
                _ = Parallel.map(chunkCount, minimumChunk: 1) { chunk -> Bool in
                    var next = offsets[chunk]
                    for value in source[(chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize)] {
                        let digit = Int((value >> shift) & mask)
                        output.value[next[digit]] = value
                        next[digit] += 1
                    }
                    return true
                }
            }
        }
    }

    private static func pass(from source: [UInt64], to target: inout [UInt64], shift: UInt64, bits: UInt64) {
        let mask: UInt64 = (1 << bits) - 1
        var counts = [Int](repeating: 0, count: (1 << Int(bits)) + 1)
        counts.withUnsafeMutableBufferPointer { counts in
            source.withUnsafeBufferPointer { source in
                for value in source { counts[Int((value >> shift) & mask) + 1] += 1 }
                for digit in 1..<counts.count { counts[digit] += counts[digit - 1] }
                target.withUnsafeMutableBufferPointer { target in
                    for value in source {
                        let digit = Int((value >> shift) & mask)
                        target[counts[digit]] = value
                        counts[digit] += 1
                    }
                }
            }
        }
    }
}
