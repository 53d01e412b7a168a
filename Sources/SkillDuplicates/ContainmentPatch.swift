import SkillParser
/// The rules restated inside longer ones (`ShingleIndex.containments`), worked out from the last
/// run's when a few texts were added or removed: the same pairs, in the same order, without
/// sorting every word pair of every text into one index.
///
/// What the index finds for a short text depends on its own words, on how many texts have each
/// of its word pairs (a pair only it has counts against it; a pair in 2 to `commonPair` texts is
/// a list whose members are candidates; a commoner one is left out), and on the candidates' words.
/// Only a pair of a text added or removed changes how many texts have it; so a text none of
/// whose pairs is such a pair, with at most `commonPair` texts then or now, finds what it found
/// in the last run, and the others (the new texts among them) are looked for again, against the
/// lists of their pairs made by one pass over every text's pairs.
struct ContainmentPatch {
    var index = ShingleIndex()

    /// Every `(short, long)` pair, sorted, as `ShingleIndex.containments` gives them; `now[i]` is
    /// the last run's text `i` now (-1 when gone), `added` the texts the last run had not got.
    func containments(_ units: ComparisonUnits, features: FeatureSets, threshold: Double, coverage: Double, minWords: Int,
                      previousTexts: [RuleFingerprint], now: [Int32], added: [Int], previous: [(Int, Int)]) -> [(Int, Int)] {
        let texts = units.texts
        // The pairs whose number of texts changed, and by how much.
        var delta: [UInt32: Int] = [:]
        var scratch: [UInt32] = []
        for text in added {
            TextPairs.pairs(of: texts[text].fingerprint.hashes, into: &scratch)
            for pair in scratch { delta[pair, default: 0] += 1 }
        }
        for (index, text) in previousTexts.enumerated() where now[index] < 0 {
            TextPairs.pairs(of: text.hashes, into: &scratch)
            for pair in scratch { delta[pair, default: 0] -= 1 }
        }
        // Every text of a changed pair (a pair in 70 texts now may have been in 60 then).
        let changedLists = lists(of: Set(delta.keys), in: texts, limit: .max)
        // Texts looked for again: the added ones, and those on a changed pair that is rare then or now.
        var again = Set(added)
        for (pair, members) in changedLists {
            let (count, before) = (members.count, members.count - delta[pair]!)
            if count <= index.commonPair || before <= index.commonPair { again.formUnion(members.lazy.map(Int.init)) }
        }
        var result: [(Int, Int)] = previous.compactMap { short, long in
            let (shortNow, longNow) = (now[short], now[long])
            guard shortNow >= 0, longNow >= 0, !again.contains(Int(shortNow)) else { return nil }
            return (Int(shortNow), Int(longNow))
        }
        let shorts = again.sorted()
        var wanted = Set<UInt32>()
        for short in shorts {
            TextPairs.pairs(of: texts[short].fingerprint.hashes, into: &scratch)
            wanted.formUnion(scratch)
        }
        let lists = self.lists(of: wanted, in: texts, limit: index.commonPair + 1)
        let found = Parallel.map(shorts.count, minimumChunk: 16) { position -> [(Int, Int)] in
            find(shorts[position], units, features: features, threshold: threshold, coverage: coverage, minWords: minWords, lists: lists)
        }
        result.append(contentsOf: found.joined())
        result.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return result
    }

    /// For each of `pairs`, the texts that have it, in order, up to `limit` of them (`commonPair + 1`
    /// tells a list from a common pair): one pass over every text's neighbouring words.
    private func lists(of pairs: Set<UInt32>, in texts: [ComparisonUnits.Text], limit: Int) -> [UInt32: [Int32]] {
        guard !pairs.isEmpty else { return [:] }
        var filter = [UInt64](repeating: 0, count: 1 << 12)
        for pair in pairs { filter[Int(pair >> 20)] |= 1 << UInt64(pair & 63) }
        let chunkCount = max(1, min(Parallel.cores * 8, texts.count / 256))
        let chunkSize = (texts.count + chunkCount - 1) / chunkCount
        let parts = Parallel.map(texts.isEmpty ? 0 : chunkCount, minimumChunk: 1) { chunk -> [(UInt32, Int32)] in
            var found: [(UInt32, Int32)] = []
            for text in (chunk * chunkSize)..<min(texts.count, (chunk + 1) * chunkSize) {
                let hashes = texts[text].fingerprint.hashes
                guard hashes.count > 1 else { continue }
                for position in (hashes.startIndex + 1)..<hashes.endIndex {
                    let pair = Shingler.pairFeature(hashes[position - 1], hashes[position])
                    guard filter[Int(pair >> 20)] & (1 << UInt64(pair & 63)) != 0, pairs.contains(pair) else { continue }
                    found.append((pair, Int32(text)))
                }
            }
            return found
        }
        var lists: [UInt32: [Int32]] = [:]
        for part in parts {
            for (pair, text) in part {
                var members = lists[pair, default: []]
                if members.last != text, members.count < limit { members.append(text) }
                lists[pair] = members
            }
        }
        for pair in pairs where lists[pair] == nil { lists[pair] = [] }
        return lists
    }

    /// What `ShingleIndex.containments` finds for `short`, from the lists of its pairs.
    private func find(_ short: Int, _ units: ComparisonUnits, features: FeatureSets, threshold: Double, coverage: Double,
                      minWords: Int, lists: [UInt32: [Int32]]) -> [(Int, Int)] {
        let texts = units.texts
        guard texts[short].fingerprint.wordCount >= minWords else { return [] }
        let tokenCount = texts[short].fingerprint.tokenCount
        var pairs: [UInt32] = []
        TextPairs.pairs(of: texts[short].fingerprint.hashes, into: &pairs)
        // Pairs only it has; the rare ones' lists, in pair order.
        var unshared = 0
        var rare: [(pair: UInt32, members: [Int32])] = []
        for pair in pairs {
            let members = lists[pair] ?? []
            if members.count == 1 { unshared += 1 }
            if members.count > 1, members.count <= index.commonPair { rare.append((pair, members)) }
        }
        guard Double(unshared) <= (1 - coverage) * Double(2 * tokenCount - 1) + 1e-9 else { return [] }
        let allowedMissing = Int((1 - coverage) * Double(features.count(of: texts[short].wholeUnit)) + 1e-9)
        guard unshared <= allowedMissing, !rare.isEmpty else { return [] }
        let slack = allowedMissing - unshared
        var candidates: [Int] = []
        let gathered = slack + 1 >= rare.count ? rare[...]
            : rare.sorted { ($0.members.count, $0.pair) < ($1.members.count, $1.pair) }.prefix(slack + 1)
        for list in gathered {
            for member in list.members where texts[Int(member)].fingerprint.tokenCount > tokenCount { candidates.append(Int(member)) }
        }
        guard !candidates.isEmpty else { return [] }
        candidates.sort()
        candidates.removeAdjacentDuplicates()
        let rarePairs = rare.map(\.pair)
        let hashes = texts[short].fingerprint.hashes
        var probe: Containment.Probe?
        var result: [(Int, Int)] = []
        var longPairs: [UInt32] = []
        for long in candidates {
            TextPairs.pairs(of: texts[long].fingerprint.hashes, into: &longPairs)
            guard Self.lacksAtMost(slack, of: rarePairs, in: longPairs) else { continue }
            if probe == nil { probe = Containment.Probe(hashes[...]) }
            if probe!.check(in: texts[long].fingerprint.hashes[...], threshold: threshold, coverage: coverage) != nil {
                result.append((short, long))
            }
        }
        return result
    }

    /// `TextPairs.lacksAtMost` on one text's sorted, unique pairs.
    static func lacksAtMost(_ limit: Int, of sorted: [UInt32], in pairs: [UInt32]) -> Bool {
        var missing = 0
        for pair in sorted where !Self.contains(pairs, pair) {
            missing += 1
            if missing > limit { return false }
        }
        return true
    }

    private static func contains(_ sorted: [UInt32], _ value: UInt32) -> Bool {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }
}
