import SkillParser
/// Sorts 32-bit features in place, ascending: what `sort()` gives, faster for the short arrays
/// that sketching sorts by the hundred thousand (a unit's words and word pairs, a text's pairs).
///
/// Features are hashes, spread evenly over 32 bits, so their top bits place them: a counting
/// pass puts each in one of about as many buckets as there are values, and each bucket (most
/// hold one or two) is then sorted on its own. The standard library's sort compares its way
/// through runs by insertion, and with random values nearly every comparison is a mispredicted
/// branch: it was a sixth of the sketch step. A bucket that still gets many values (a crafted
/// rule whose features share their top bits) is sorted by quicksort on the median of three,
/// with the standard sort for a range that keeps splitting badly, so no input costs more than
/// `n log n`.
enum FeatureSort {
    static func sort(_ values: inout [UInt32]) {
        let count = values.count
        guard count > 1 else { return }
        values.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress!
            guard count > 16, count <= 1 << 16 else { return sortRange(start, count) }
            let bits = Int.bitWidth - (count - 1).leadingZeroBitCount
            let shift = UInt32(32 - bits)
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: (1 << bits) + 1) { ends in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { scratch in
                    // `bounds[b + 1]` counts bucket b's values, then (summed) is where the bucket ends;
                    // placing each value just before its bucket's end moves that back to where it starts.
                    let bounds = ends
                    bounds.initialize(repeating: 0)
                    for value in buffer { bounds[Int(value >> shift) + 1] += 1 }
                    for bucket in 1..<bounds.count { bounds[bucket] += bounds[bucket - 1] }
                    for value in buffer {
                        let slot = Int(value >> shift) + 1
                        bounds[slot] -= 1
                        scratch[Int(bounds[slot])] = value
                    }
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(scratch))
                    // Bucket b is now `bounds[b + 1]..<bounds[b + 2]` (the last ends at `count`).
                    for bucket in 0..<(bounds.count - 1) {
                        let first = Int(bounds[bucket + 1])
                        let end = bucket + 2 < bounds.count ? Int(bounds[bucket + 2]) : count
                        if end - first == 2 {
                            // The most common bucket that needs sorting, without a call.
                            let (a, b) = (start[first], start[first + 1])
                            if a > b { (start[first], start[first + 1]) = (b, a) }
                        } else if end - first > 2 {
                            sortRange(start + first, end - first)
                        }
                    }
                }
            }
        }
    }

    /// Quicksort on the median of three down to runs of 16, insertion sort below.
    private static func sortRange(_ start: UnsafeMutablePointer<UInt32>, _ count: Int) {
        sort(start, count, depth: 2 * (Int.bitWidth - count.leadingZeroBitCount))
    }

    private static func sort(_ start: UnsafeMutablePointer<UInt32>, _ count: Int, depth: Int) {
        var (start, count, depth) = (start, count, depth)
        while count > 16 {
            guard depth > 0 else {
                var rest = UnsafeMutableBufferPointer(start: start, count: count)
                rest.sort()
                return
            }
            depth -= 1
            // The median of the first, middle and last values, moved to the front: the classic
            // partition around the first value always leaves both sides non-empty.
            let (a, b, c) = (start[0], start[count / 2], start[count - 1])
            let median = a < b ? (b < c ? count / 2 : (a < c ? count - 1 : 0)) : (a < c ? 0 : (b < c ? count - 1 : count / 2))
            (start[0], start[median]) = (start[median], start[0])
            let pivot = start[0]
            var (i, j) = (-1, count)
            while true {
                repeat { i += 1 } while start[i] < pivot
                repeat { j -= 1 } while start[j] > pivot
                if i >= j { break }
                (start[i], start[j]) = (start[j], start[i])
            }
            // [0, j] holds values up to the pivot, [j + 1, count) values from it on: recurse into the smaller side.
            let left = j + 1
            if left < count - left {
                sort(start, left, depth: depth)
                (start, count) = (start + left, count - left)
            } else {
                sort(start + left, count - left, depth: depth)
                count = left
            }
        }
        for index in 1..<max(1, count) {
            let value = start[index]
            var position = index
            while position > 0, start[position - 1] > value {
                start[position] = start[position - 1]
                position -= 1
            }
            start[position] = value
        }
    }
}
