extension Parallel {
    /// `0..<count` sorted by `precedes` exactly as `sorted(by:)` sorts them (stably): a run per
    /// core sorted on its own, then the runs merged pairwise, the earlier run first on ties. The
    /// search index sorts its 145,000 terms of agentic-awesome-skills this way, which on one core
    /// was a tenth of its assembly.
    public static func sortedIndices(_ count: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
        let runs = max(1, min(cores, count / 4096))
        var sorted = map(runs, minimumChunk: 1) { run -> [Int] in
            let start = run * count / runs, end = (run + 1) * count / runs
            return Array(start..<end).sorted(by: precedes)
        }
        while sorted.count > 1 {
            let current = sorted
            sorted = map((current.count + 1) / 2, minimumChunk: 1) { pair -> [Int] in
                let left = pair * 2, right = pair * 2 + 1
                return right < current.count ? merged(current[left], current[right], by: precedes) : current[left]
            }
        }
        return sorted.first ?? []
    }

    /// `left` and `right` (each sorted) as one sorted run; an element of `left` goes first unless
    /// the element of `right` precedes it, which keeps the sort stable.
    private static func merged(_ left: [Int], _ right: [Int], by precedes: (Int, Int) -> Bool) -> [Int] {
        var merged: [Int] = []
        merged.reserveCapacity(left.count + right.count)
        var first = 0, second = 0
        while first < left.count, second < right.count {
            if precedes(right[second], left[first]) {
                merged.append(right[second])
                second += 1
            } else {
                merged.append(left[first])
                first += 1
            }
        }
        merged += left[first...]
        merged += right[second...]
        return merged
    }
}
