import SkillParser
/// The units' pairs that LSH makes candidates and verification accepts, worked out from the last
/// run's instead of from every band of every unit, when a few rules changed: the same set a
/// full run finds (`CandidatePairs` then `PairVerifier`), or `nil` when the patch cannot tell
/// (then the caller matches everything).
///
/// A candidate pair comes from a bucket (units sharing one band's key): all its pairs when it
/// has at most `fullBucket` units, each unit with the next `window` in unit order otherwise.
/// Whether a pair verifies depends on the two units' words and on whether each is the whole of
/// some text (`PairVerifier`). So, with the same common feature slots (the same band keys for
/// the same words) and the surviving units in the same order:
/// - a unit is *changed* when it is new, gone, or a unit of a text added or removed (its owners
///   changed); a bucket is changed when it holds a changed unit, then or now;
/// - a changed bucket's pairs are made again from its members now and verified;
/// - a pair the last run verified is kept, without reading its buckets, when neither unit is in
///   a changed bucket (its buckets are the same, so it is made and verified the same); when one
///   is, it is kept if an unchanged bucket still makes it, or found again among the changed
///   buckets' pairs, or it is gone.
/// A pair no bucket made before and an unchanged bucket makes now would need a bucket whose
/// members or order changed: there is none. A rule that changes many units (more than
/// `maximumChanged`) or the common slots is matched whole again.
struct MatchPatch {
    var units: ComparisonUnits
    var sketches: UnitSketches
    var verifier: PairVerifier
    var candidates = CandidatePairs()
    var maximumChanged = 512

    /// What a patch found: the verified pairs of units (`i << 32 | j`, sorted), with the texts
    /// each joins; and for `ContainmentPatch`, each of the last run's texts now (-1 when gone) and
    /// the texts the last run had not got.
    struct Patched {
        var texts: [(Int, Int)] = []
        var units: [UInt64] = []
        var textsNow: [Int32] = []
        var addedTexts: [Int] = []
    }

    /// `known[i]` is statement i's text in `previousTexts` when its file is one the last run had
    /// (negative otherwise), and `textOf[i]` its text now (`ComparisonUnits.textOfStatements`).
    func verifiedPairs(previous: CachedSketches, previousTexts: [RuleFingerprint], previousVerified: [UInt64],
                       known: [Int32], textOf: [Int32]) -> Patched? {
        let count = units.units.count
        let bands = sketches.banding.bands
        let previousCount = previous.count
        guard previous.bands == bands, previous.commonSlots == sketches.commonSlots, sketches.previousUnit.count == count,
              previousVerified.allSatisfy({ Int($0 & 0xFFFF_FFFF) < previousCount }) else { return nil }
        // The last run's units now, and the new ones.
        var now = [Int32](repeating: -1, count: previousCount)
        var changed: [Int] = []
        for unit in 0..<count {
            let before = sketches.previousUnit[unit]
            if before < 0 { changed.append(unit) } else { now[before] = Int32(unit) }
        }
        let gone = (0..<previousCount).filter { now[$0] < 0 }
        // Texts added and removed: their units' owners changed. A statement of a file the last run
        // had has the text that run gave it, which is where its text is now (texts are merged by
        // key): those texts are mapped by walking the statements, and only the others looked up
        // by key (looking up every text was half of this patch's time).
        var stillThere = [Bool](repeating: false, count: units.texts.count)
        var result = Patched()
        result.textsNow = [Int32](repeating: -1, count: previousTexts.count)
        if known.count == textOf.count {
            for statement in known.indices where known[statement] >= 0 && textOf[statement] >= 0 {
                let before = Int(known[statement])
                guard before < previousTexts.count else { return nil }
                result.textsNow[before] = textOf[statement]
                stillThere[Int(textOf[statement])] = true
            }
        }
        // By index: enumerating the texts copied each one (its fingerprint and arrays, retained and released).
        for before in previousTexts.indices where result.textsNow[before] < 0 {
            let text = previousTexts[before]
            if let index = units.textIndex.value(of: text.key) {
                stillThere[index] = true
                result.textsNow[before] = Int32(index)
                continue
            }
            for key in [text.key] + text.sentenceKeys {
                // A unit of the gone text that another text still has (its key is the unit's on both sides).
                if let unit = units.unit(withKey: key), sketches.previousUnit[unit] >= 0 { changed.append(unit) }
            }
        }
        for index in units.texts.indices where !stillThere[index] {
            result.addedTexts.append(index)
            changed.append(units.texts[index].wholeUnit)
            changed.append(contentsOf: units.texts[index].sentenceUnits)
        }
        // The unchanged units must list their buckets' members in the same order as then; a unit
        // is where its first text is, and that text may have moved (its first statement was in a
        // changed file), so the units out of the last run's order count as changed too.
        var isChanged = [Bool](repeating: false, count: count)
        for unit in changed { isChanged[unit] = true }
        let staying = (0..<count).filter { !isChanged[$0] }
        changed.append(contentsOf: Self.outOfOrder(staying.map { sketches.previousUnit[$0] }).map { staying[$0] })
        guard changed.count + gone.count <= maximumChanged else { return nil }

        // The changed buckets, band by band: the keys of changed units now and of gone units then.
        var changedKeys = [Set<UInt32>](repeating: [], count: bands)
        for band in 0..<bands {
            for unit in changed { changedKeys[band].insert(sketches.keys[band * count + unit]) }
            for unit in gone { changedKeys[band].insert(previous.bandKey(ofUnit: unit, band: band)) }
        }
        let changedMembers = members(ofKeys: changedKeys)
        var inChanged = [Bool](repeating: false, count: count)
        var pairs: [UInt64] = []
        for band in 0..<bands {
            for (_, list) in changedMembers[band] {
                for unit in list { inChanged[Int(unit)] = true }
                pairs.append(contentsOf: self.pairs(of: list))
            }
        }
        // The last run's verified pairs: kept, checked against the unchanged buckets, or gone.
        var kept: [UInt64] = []
        var toCheck: [UInt64] = []
        for pair in previousVerified {
            let (first, second) = (now[Int(pair >> 32)], now[Int(pair & 0xFFFF_FFFF)])
            guard first >= 0, second >= 0 else { continue }
            let packed = UInt64(first) << 32 | UInt64(second)
            if inChanged[Int(first)] || inChanged[Int(second)] { toCheck.append(packed) } else { kept.append(packed) }
        }
        var sharedKeys = [Set<UInt32>](repeating: [], count: bands)
        for pair in toCheck {
            for band in 0..<bands {
                let key = sketches.keys[band * count + Int(pair >> 32)]
                if key == sketches.keys[band * count + Int(pair & 0xFFFF_FFFF)], !changedKeys[band].contains(key) {
                    sharedKeys[band].insert(key)
                }
            }
        }
        let sharedMembers = members(ofKeys: sharedKeys)
        for pair in toCheck {
            let (first, second) = (Int32(pair >> 32), Int32(pair & 0xFFFF_FFFF))
            let made = (0..<bands).contains { band in
                let key = sketches.keys[band * count + Int(first)]
                guard key == sketches.keys[band * count + Int(second)], let list = sharedMembers[band][key] else { return false }
                return makes(list, first, second)
            }
            if made { kept.append(pair) }
        }
        pairs.append(contentsOf: kept)
        pairs.sort()
        pairs.removeAdjacentDuplicates()
        let keptSet = Set(kept)
        for pair in pairs {
            guard let texts = verifier.match(Int(pair >> 32), Int(pair & 0xFFFF_FFFF)) else {
                // A pair the last run verified verifies again: its units are the same.
                if keptSet.contains(pair) { return nil }
                continue
            }
            result.units.append(pair)
            result.texts.append(texts)
        }
        return result
    }

    /// The positions of `values` outside one longest increasing run of them (not necessarily
    /// contiguous): the fewest to leave out so that the rest is in order. Most runs are in order.
    static func outOfOrder(_ values: [Int]) -> [Int] {
        if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) { return [] }
        // Patience sorting: `tails[k]` is the position ending the best increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var (low, high) = (0, tails.count)
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var inRun = [Bool](repeating: false, count: values.count)
        var position = tails.last ?? -1
        while position >= 0 {
            inRun[position] = true
            position = previous[position]
        }
        return values.indices.filter { !inRun[$0] }
    }

    /// For each band, the units now (in order) of each of `keys`, found in one pass over the band.
    private func members(ofKeys keys: [Set<UInt32>]) -> [[UInt32: [Int32]]] {
        let count = units.units.count
        return Parallel.map(keys.count, minimumChunk: 1) { band -> [UInt32: [Int32]] in
            let wanted = keys[band]
            guard !wanted.isEmpty else { return [:] }
            // A filter of the wanted keys' low bits, so most units cost one bit test.
            var filter = [UInt64](repeating: 0, count: 1 << 10)
            for key in wanted { filter[Int(key & 0xFFFF) >> 6] |= 1 << UInt64(key & 63) }
            var found: [UInt32: [Int32]] = [:]
            sketches.keys.withUnsafeBufferPointer { all in
                let base = band * count
                for unit in 0..<count {
                    let key = all[base + unit]
                    guard filter[Int(key & 0xFFFF) >> 6] & (1 << UInt64(key & 63)) != 0, wanted.contains(key) else { continue }
                    found[key, default: []].append(Int32(unit))
                }
            }
            return found
        }
    }

    /// The candidate pairs a bucket with these members (in order) makes, as `CandidatePairs` does.
    private func pairs(of members: [Int32]) -> [UInt64] {
        guard members.count > 1 else { return [] }
        let reach = members.count <= candidates.fullBucket ? members.count : candidates.window + 1
        var result: [UInt64] = []
        for i in members.indices {
            for j in (i + 1)..<min(members.count, i + reach) { result.append(UInt64(members[i]) << 32 | UInt64(members[j])) }
        }
        return result
    }

    /// Whether a bucket with these members (in order) makes the pair `first < second`.
    private func makes(_ members: [Int32], _ first: Int32, _ second: Int32) -> Bool {
        guard let i = members.firstIndex(of: first), let j = members.firstIndex(of: second) else { return false }
        return members.count <= candidates.fullBucket || j - i <= candidates.window
    }
}
