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
