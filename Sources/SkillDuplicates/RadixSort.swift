import SkillParser
/// Sorts packed `key << 32 | item` values by key in two stable passes of 16 bits, so items
/// that share a key stay in the order they came in. Faster than a comparison sort for the
/// millions of band entries of a large collection.
public enum RadixSort {
    public static func sortByHigh32(_ values: inout [UInt64]) {
        guard values.count > 1 else { return }
        var scratch = [UInt64](repeating: 0, count: values.count)
        pass(from: values, to: &scratch, shift: 32)
        pass(from: scratch, to: &values, shift: 48)
    }

    private static func pass(from source: [UInt64], to target: inout [UInt64], shift: UInt64) {
        var counts = [Int](repeating: 0, count: 1 << 16 + 1)
        source.withUnsafeBufferPointer { source in
            for value in source { counts[Int((value >> shift) & 0xFFFF) + 1] += 1 }
            for digit in 1..<counts.count { counts[digit] += counts[digit - 1] }
            target.withUnsafeMutableBufferPointer { target in
                for value in source {
                    let digit = Int((value >> shift) & 0xFFFF)
                    target[counts[digit]] = value
                    counts[digit] += 1
                }
            }
        }
    }
}
