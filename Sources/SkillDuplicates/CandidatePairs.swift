import SkillParser
/// Candidate pairs from LSH band keys: items whose keys agree in some band.
///
/// Each band is grouped by sorting `(key, item)` packed into one integer by key (a stable radix
/// sort, so items stay in order), and no hash map is built. A bucket of up to `fullBucket` items yields all its pairs; a larger bucket (a word
/// pattern many items share) pairs each item with the next `window` items only, which keeps the
/// work linear. Members of a large bucket agree on a whole band, so they are very likely
/// similar to their neighbours, and union-find joins the chain.
struct CandidatePairs {
    var fullBucket = 48
    var window = 12

    /// Sorted, unique pairs `(i, j)` with `i < j`, packed as `i << 32 | j`.
    /// `keys[band * itemCount + item]` is item's key in `band`.
    func pairs(keys: [UInt32], itemCount: Int, bands: Int) -> [UInt64] {
        let perBand = Parallel.map(bands, minimumChunk: 1) { band -> [UInt64] in
            var packed = [UInt64](unsafeUninitializedCapacity: itemCount) { buffer, initialized in
                keys.withUnsafeBufferPointer { keys in
                    let base = band * itemCount
                    for item in 0..<itemCount {
                        buffer[item] = UInt64(keys[base + item]) << 32 | UInt64(item)
                    }
                }
                initialized = itemCount
            }
            RadixSort.sortByHigh32(&packed)
            return pairs(inSorted: packed)
        }
        var all = perBand.flatMap { $0 }
        all.sort()
        all.removeAdjacentDuplicates()
        return all
    }

    private func pairs(inSorted packed: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        var start = 0
        while start < packed.count {
            let key = packed[start] >> 32
            var end = start + 1
            while end < packed.count, packed[end] >> 32 == key { end += 1 }
            let size = end - start
            if size > 1 {
                let reach = size <= fullBucket ? size : window + 1
                for i in start..<end {
                    let first = packed[i] & 0xFFFF_FFFF
                    for j in (i + 1)..<min(end, i + reach) {
                        result.append(first << 32 | (packed[j] & 0xFFFF_FFFF))
                    }
                }
            }
            start = end
        }
        return result
    }
}
