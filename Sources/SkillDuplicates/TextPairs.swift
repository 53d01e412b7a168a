import SkillParser
/// The distinct word pairs (`Shingler.pairFeature`) of every text, sorted, in one flat buffer:
/// what the shingle index is built from, and what it intersects to count the pairs two texts share.
struct TextPairs: Sendable {
    private var values: [UInt32] = []
    /// Text `i`'s pairs are `values[offsets[i]..<offsets[i + 1]]`.
    private var offsets: [Int] = [0]

    init(_ texts: [ComparisonUnits.Text]) {
        let chunkCount = max(1, min(Parallel.cores * 8, texts.count / 256))
        let chunkSize = (texts.count + chunkCount - 1) / chunkCount
        let parts = Parallel.map(chunkCount, minimumChunk: 1) { chunk -> (values: [UInt32], ends: [Int]) in
            var values: [UInt32] = []
            var ends: [Int] = []
            var scratch: [UInt32] = []
            for text in (chunk * chunkSize)..<min(texts.count, (chunk + 1) * chunkSize) {
                Self.pairs(of: texts[text].fingerprint.hashes, into: &scratch)
                values.append(contentsOf: scratch)
                ends.append(values.count)
            }
            return (values, ends)
        }
        values.reserveCapacity(parts.reduce(0) { $0 + $1.values.count })
        offsets.reserveCapacity(texts.count + 1)
        for part in parts {
            let base = values.count
            values.append(contentsOf: part.values)
            offsets.append(contentsOf: part.ends.lazy.map { $0 + base })
        }
    }

    var count: Int { offsets.count - 1 }
    /// Number of pairs of all texts together.
    var totalCount: Int { values.count }

    /// Text `text`'s pairs, sorted and unique.
    subscript(text: Int) -> ArraySlice<UInt32> {
        values[offsets[text]..<offsets[text + 1]]
    }

    /// Whether text `text` lacks at most `limit` of `sorted` (sorted, unique pairs); it stops
    /// reading at the first miss past the limit, which is where most candidates stop.
    func lacksAtMost(_ limit: Int, of sorted: [UInt32], text: Int) -> Bool {
        values.withUnsafeBufferPointer { values in
            var (low, missing) = (offsets[text], 0)
            let end = offsets[text + 1]
            for pair in sorted {
                // The first position at `low` or later whose value is not below `pair`.
                var high = end
                while low < high {
                    let middle = (low + high) / 2
                    if values[middle] < pair { low = middle + 1 } else { high = middle }
                }
                if low == end || values[low] != pair {
                    missing += 1
                    if missing > limit { return false }
                }
            }
            return true
        }
    }

    /// The distinct word pairs of `hashes`, sorted, written over `result`.
    static func pairs(of hashes: ArraySlice<UInt64>, into result: inout [UInt32]) {
        result.removeAll(keepingCapacity: true)
        guard hashes.count > 1 else { return }
        for index in (hashes.startIndex + 1)..<hashes.endIndex { result.append(Shingler.pairFeature(hashes[index - 1], hashes[index])) }
        FeatureSort.sort(&result)
        result.removeAdjacentDuplicates()
    }
}
