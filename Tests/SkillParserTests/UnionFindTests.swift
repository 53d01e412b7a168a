import Testing
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct UnionFindTests {
    @Test func unionsJoinSetsTransitively() {
        var sets = UnionFind(count: 6)
        let joined = [sets.union(0, 1), sets.union(3, 1), sets.union(0, 3)]
        #expect(joined == [true, true, false])
        let (zero, two, three) = (sets.find(0), sets.find(2), sets.find(3))
        #expect(zero == three)
        #expect(two != zero)
        sets.union(4, 5)
        let groups = sets.groups()
        #expect(groups == [[0, 1, 3], [4, 5]])
    }

    @Test func singlesAreKeptOnlyWhenAsked() {
        var sets = UnionFind(count: 4)
        sets.union(2, 3)
        let groups = sets.groups(keepingSingle: { $0 == 1 })
        #expect(groups == [[1], [2, 3]])
    }

    @Test func longChainsStayFlat() {
        var sets = UnionFind(count: 100_000)
        for index in 1..<100_000 { sets.union(index - 1, index) }
        let groups = sets.groups()
        #expect(groups.count == 1)
        let (last, first) = (sets.find(99_999), sets.find(0))
        #expect(last == first)
    }
}

@Suite struct CandidatePairsTests {
    @Test func itemsThatShareABandKeyBecomeCandidates() {
        // Three items, two bands (band by band): 0 and 2 agree in band 0, 1 and 2 in band 1.
        let keys: [UInt32] = [7, 8, 7, 1, 2, 2]
        let pairs = CandidatePairs().pairs(keys: keys, itemCount: 3, bands: 2)
        #expect(pairs == [0 << 32 | 2, 1 << 32 | 2])
    }

    @Test func aLargeBucketYieldsLinearlyManyPairsThatStillConnectIt() {
        let count = 1_000
        let finder = CandidatePairs(fullBucket: 48, window: 12)
        let pairs = finder.pairs(keys: [UInt32](repeating: 9, count: count), itemCount: count, bands: 1)
        #expect(pairs.count < count * 12)
        var sets = UnionFind(count: count)
        for pair in pairs { sets.union(Int(pair >> 32), Int(pair & 0xFFFF_FFFF)) }
        let groups = sets.groups()
        #expect(groups == [Array(0..<count)])
    }
}

@Suite struct RadixSortTests {
    @Test func onAllCoresTheOrderIsTheOneCoreOrder() {
        var generator = SeededGenerator(seed: 9)
        // Few distinct keys, so that many values share one and their order is tested.
        let values = (0..<200_000).map { item in UInt64.random(in: 0..<5_000, using: &generator) << 38 | UInt64(item) }
        var one = values, all = values
        RadixSort.sortByHigh32(&one)
        RadixSort.sortByHigh32OnAllCores(&all)
        #expect(all == one)
        #expect(one == values.sorted())
    }
}
