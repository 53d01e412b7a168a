import Testing
@testable import SkillDuplicates
@testable import SkillParser

/// The tables that take keys from the input hash them with the process's seed (`HashSeed`):
/// keys made to share a slot under a known seed spread under the process's, and the tables
/// still find and number every key as before.
@Suite struct HashSeedTests {
    /// Eight-letter words whose word-table hashes under `seed` share their low `bits` bits,
    /// found by trying words in order, as someone preparing a hostile file would.
    static func collidingWords(_ count: Int, bits: Int, seed: UInt64) -> [[UInt8]] {
        let mask: UInt64 = (1 << UInt64(bits)) - 1
        var found: [[UInt8]] = []
        var number = 0
        while found.count < count {
            var rest = number
            let word = (0..<8).map { _ -> UInt8 in
                defer { rest /= 26 }
                return UInt8(0x61 + rest % 26)
            }
            let hash = word.withUnsafeBufferPointer { ByteStringTable.hash($0, seed: seed) }
            if hash & mask == 0 { found.append(word) }
            number += 1
        }
        return found
    }

    @Test func wordsMadeToCollideUnseededSpreadUnderTheProcessSeed() {
        let words = Self.collidingWords(64, bits: 10, seed: 0)
        let slots = Set(words.map { word in word.withUnsafeBufferPointer { ByteStringTable.hash($0, seed: HashSeed.process) & 1023 } })
        // All 64 share one slot of 1,024 without the seed; at random, about 62 slots.
        #expect(slots.count > 32)
    }

    @Test func aTableOfCollidingWordsNumbersThemInOrderAndFindsEach() {
        let words = Self.collidingWords(64, bits: 10, seed: HashSeed.process)
        var table = ByteStringTable()
        for (number, word) in words.enumerated() {
            let result = word.withUnsafeBufferPointer { table.insert($0) }
            #expect(result.number == number && result.inserted)
        }
        for (number, word) in words.enumerated() {
            #expect(word.withUnsafeBufferPointer { table.find($0) } == number)
            #expect(word.withUnsafeBufferPointer { table.insert($0) } == (number, false))
        }
        #expect([UInt8]("absent!!".utf8).withUnsafeBufferPointer { table.find($0) } == nil)
    }

    @Test func ruleKeysSharingTheirLowBitsAreFoundThroughGrowth() {
        // Keys whose low halves end in 20 zero bits: one slot for every one of them, were the
        // low half the slot as it was.
        var table = TextKeyTable(capacity: 4)
        let keys = (1...3_000).map { TextKey(high: UInt64($0) &* 0x9E37_79B9_7F4A_7C15, low: UInt64($0) << 20) }
        for (value, key) in keys.enumerated() {
            let result = table.value(for: key) { value }
            #expect(result.value == value && result.inserted)
        }
        #expect(table.count == keys.count)
        for (value, key) in keys.enumerated() {
            #expect(table.value(of: key) == value)
            #expect(table.value(for: key) { -1 } == (value, false))
        }
        #expect(table.value(of: TextKey(high: 1, low: 1 << 20)) == nil)
    }
}
