import SkillParser
/// Finds rules restated inside longer rules through an inverted index of word pairs, without
/// comparing all pairs of rules.
///
/// Every distinct text's word pairs go into one sorted array of `(pair, text)` entries (a radix
/// sort, no hash map). A text restated in a longer one lacks there at most `1 - coverage` of its
/// features, and every word pair the longer text lacks is one of them; so a text with more pairs
/// than that which no other text has is skipped at once (most texts), and for the others, only
/// longer texts that lack no more of its rarer pairs than that are candidates, which `Containment`
/// verifies exactly. A pair found in more than `commonPair` texts ("of the", "make sure") is left
/// out of the counting: its list is long and says little, and skipping it keeps the work about
/// linear in the number of rules.
///
/// A text that may lack `slack` of the short text's lists is on at least one of any `slack + 1`
/// of them, so candidates are gathered from the shortest `slack + 1` lists only (prefix
/// filtering), and each one's count of shared pairs is then taken from its own sorted pairs:
/// the same candidates as reading every list, for a fraction of the entries.
///
/// Only rules of at least `minWords` words (`NormalizedRule.wordCount`) are looked for: a
/// shorter run of words inside a longer rule is a phrase, not a rule restated.
struct ShingleIndex {
    var commonPair = 64

    /// Each contained text with the longer text it is restated in, as `(short, long)`, sorted.
    /// `features` are the units' feature sets (a text's whole unit has its features).
    func containments(_ units: ComparisonUnits, features: FeatureSets, threshold: Double, coverage: Double,
                      minWords: Int) -> [(Int, Int)] {
        let texts = units.texts
        let pairs = TextPairs(texts)
        let tokenCounts = texts.map(\.fingerprint.tokenCount)
        var entries: [UInt64] = []
        entries.reserveCapacity(pairs.totalCount)
        for text in texts.indices {
            for pair in pairs[text] { entries.append(UInt64(pair) << 32 | UInt64(text)) }
        }
        RadixSort.sortByHigh32OnAllCores(&entries)
        // The rare pairs' lists (`groups`, ranges of `entries`), and for each text the lists it is on.
        var groups: [Range<Int>] = []
        var membership: [UInt64] = []
        // Pairs that no other text has: a longer text that restates this one would have them.
        var unshared = [Int](repeating: 0, count: texts.count)
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count, entries[end] >> 32 == entries[start] >> 32 { end += 1 }
            if end - start == 1 { unshared[Int(entries[start] & 0xFFFF_FFFF)] += 1 }
            if end - start > 1, end - start <= commonPair {
                for entry in entries[start..<end] { membership.append((entry & 0xFFFF_FFFF) << 32 | UInt64(groups.count)) }
                groups.append(start..<end)
            }
            start = end
        }
        RadixSort.sortByHigh32OnAllCores(&membership)
        var firstMembership = [Int](repeating: membership.count, count: texts.count + 1)
        for (position, value) in membership.enumerated().reversed() { firstMembership[Int(value >> 32)] = position }
        for text in stride(from: texts.count - 1, through: 0, by: -1) where firstMembership[text] > firstMembership[text + 1] {
            firstMembership[text] = firstMembership[text + 1]
        }

        // Chunks of texts, each with its own scratch arrays: a text looked for had five arrays of
        // its own (lists, their order, candidates, rare pairs, result), most of the closure's work
        // in allocations.
        let chunkCount = max(1, min(Parallel.cores * 8, texts.count / 64))
        let chunkSize = (texts.count + chunkCount - 1) / chunkCount
        let found = Parallel.map(texts.isEmpty ? 0 : chunkCount, minimumChunk: 1) { chunk -> [(Int, Int)] in
            var result: [(Int, Int)] = []
            var (lists, order, candidates, rarePairs) = ([Int](), [UInt64](), [Int](), [UInt32]())
            for short in (chunk * chunkSize)..<min(texts.count, (chunk + 1) * chunkSize) {
                guard texts[short].fingerprint.wordCount >= minWords else { continue }
                let tokenCount = tokenCounts[short]
                // A text has at most 2n - 1 features: skip before counting them when even that allows too few.
                guard Double(unshared[short]) <= (1 - coverage) * Double(2 * tokenCount - 1) + 1e-9 else { continue }
                let allowedMissing = Int((1 - coverage) * Double(features.count(of: texts[short].wholeUnit)) + 1e-9)
                guard unshared[short] <= allowedMissing else { continue }
                // The lists it is on, in pair order (membership is sorted by text, then by list).
                lists.removeAll(keepingCapacity: true)
                for value in membership[firstMembership[short]..<firstMembership[short + 1]] { lists.append(Int(value & 0xFFFF_FFFF)) }
                guard !lists.isEmpty else { continue }
                let slack = allowedMissing - unshared[short]
                // Candidates come from the `slack + 1` shortest lists (the shorter first, then the lower list).
                candidates.removeAll(keepingCapacity: true)
                func gather(_ list: Int) {
                    for entry in entries[groups[list]] {
                        let long = Int(entry & 0xFFFF_FFFF)
                        if tokenCounts[long] > tokenCount { candidates.append(long) }
                    }
                }
                if slack + 1 >= lists.count {
                    for list in lists { gather(list) }
                } else {
                    order.removeAll(keepingCapacity: true)
                    for list in lists { order.append(UInt64(groups[list].count) << 32 | UInt64(list)) }
                    order.sort()
                    for value in order.prefix(slack + 1) { gather(Int(value & 0xFFFF_FFFF)) }
                }
                guard !candidates.isEmpty else { continue }
                candidates.sort()
                candidates.removeAdjacentDuplicates()
                rarePairs.removeAll(keepingCapacity: true)
                for list in lists { rarePairs.append(UInt32(truncatingIfNeeded: entries[groups[list].lowerBound] >> 32)) }
                let hashes = texts[short].fingerprint.hashes
                var probe: Containment.Probe?
                // It may lack `slack` of the lists: `rare - shared <= allowedMissing`.
                for long in candidates where pairs.lacksAtMost(slack, of: rarePairs, text: long) {
                    if probe == nil { probe = Containment.Probe(hashes[...]) }
                    if probe!.check(in: texts[long].fingerprint.hashes[...], threshold: threshold, coverage: coverage) != nil {
                        result.append((short, long))
                    }
                }
            }
            return result
        }
        return found.flatMap { $0 }
    }
}
