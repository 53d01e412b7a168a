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
/// Only rules of at least `minWords` words (`NormalizedRule.wordCount`) are looked for: a
/// shorter run of words inside a longer rule is a phrase, not a rule restated.
struct ShingleIndex {
    var commonPair = 64

    /// Each contained text with the longer text it is restated in, as `(short, long)`, sorted.
    func containments(_ units: ComparisonUnits, threshold: Double, coverage: Double, minWords: Int) -> [(Int, Int)] {
        let texts = units.texts
        let pairLists = Parallel.map(texts.count, minimumChunk: 256) { Self.pairs(of: texts[$0].fingerprint.hashes[...]) }
        var entries: [UInt64] = []
        entries.reserveCapacity(pairLists.reduce(0) { $0 + $1.count })
        for (text, pairs) in pairLists.enumerated() {
            for pair in pairs { entries.append(UInt64(pair) << 32 | UInt64(text)) }
        }
        RadixSort.sortByHigh32(&entries)
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
        RadixSort.sortByHigh32(&membership)
        var firstMembership = [Int](repeating: membership.count, count: texts.count + 1)
        for (position, value) in membership.enumerated().reversed() { firstMembership[Int(value >> 32)] = position }
        for text in stride(from: texts.count - 1, through: 0, by: -1) where firstMembership[text] > firstMembership[text + 1] {
            firstMembership[text] = firstMembership[text + 1]
        }

        let found = Parallel.map(texts.count, minimumChunk: 64) { short -> [(Int, Int)] in
            let fingerprint = texts[short].fingerprint
            guard fingerprint.wordCount >= minWords else { return [] }
            // A text has at most 2n - 1 features: skip before counting them when even that allows too few.
            guard Double(unshared[short]) <= (1 - coverage) * Double(2 * fingerprint.tokenCount - 1) + 1e-9 else { return [] }
            let features = Shingler.features(fingerprint.hashes[...]).count
            let allowedMissing = Int((1 - coverage) * Double(features) + 1e-9)
            guard unshared[short] <= allowedMissing else { return [] }
            let lists = membership[firstMembership[short]..<firstMembership[short + 1]]
            let rare = lists.count + unshared[short]
            var candidates: [Int] = []
            for value in lists {
                for entry in entries[groups[Int(value & 0xFFFF_FFFF)]] {
                    let long = Int(entry & 0xFFFF_FFFF)
                    if texts[long].fingerprint.tokenCount > fingerprint.tokenCount { candidates.append(long) }
                }
            }
            guard !candidates.isEmpty else { return [] }
            candidates.sort()
            let probe = Containment.Probe(fingerprint.hashes[...])
            var result: [(Int, Int)] = []
            var first = 0
            while first < candidates.count {
                var last = first + 1
                while last < candidates.count, candidates[last] == candidates[first] { last += 1 }
                let shared = last - first
                if rare - shared <= allowedMissing,
                   probe.check(in: texts[candidates[first]].fingerprint.hashes[...], threshold: threshold, coverage: coverage) != nil {
                    result.append((short, candidates[first]))
                }
                first = last
            }
            return result
        }
        return found.flatMap { $0 }
    }

    /// The distinct word-pair features of a text, sorted.
    static func pairs(of hashes: ArraySlice<UInt64>) -> [UInt32] {
        var result = zip(hashes, hashes.dropFirst()).map { Shingler.pairFeature($0, $1) }
        result.sort()
        result.removeAdjacentDuplicates()
        return result
    }
}
