import Foundation
import Testing
@testable import SkillDuplicates
@testable import SkillParser

/// Feature sets read from a cache are used where the cache keeps them, and sets made from
/// others refer to theirs: each set must read back as the one it was made as, whatever holds it.
@Suite struct FeatureSetsTests {
    /// Sets of varied sizes (some empty), sorted and unique as shingles are.
    static func sets(_ count: Int, seed: UInt32) -> [[UInt32]] {
        (0..<count).map { index in
            let size = (index * 7 + Int(seed)) % 13
            return (0..<size).map { UInt32($0) * 1_000 + UInt32(index) * 3 + seed }
        }
    }

    static func offsets(_ sets: [[UInt32]]) -> [Int] {
        sets.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
    }

    static func contents(_ sets: FeatureSets) -> [[UInt32]] {
        (0..<sets.count).map { index in sets.withFeatures(of: index) { Array($0) } }
    }

    /// A column as a cache writes it, at `shift` bytes into the memory that `keeper` keeps.
    final class Column {
        let memory: UnsafeMutableRawBufferPointer
        let bytes: UnsafeRawBufferPointer

        init(_ sets: [[UInt32]], shift: Int) {
            let values = sets.joined().map(\.littleEndian)
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 * values.count + shift + 8, alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: 0xEE)
            values.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: memory[shift...]).copyMemory(from: $0) }
            self.memory = memory
            bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[shift..<(shift + 4 * values.count)])
        }

        deinit { memory.deallocate() }
    }

    @Test(arguments: [0, 1, 2, 4])
    func setsReadFromAColumnAreTheColumnsWhereverItStarts(shift: Int) {
        let sets = Self.sets(300, seed: 5)
        var column: Column? = Column(sets, shift: shift)
        let read = FeatureSets(offsets: Self.offsets(sets), littleEndian: column!.bytes, keeping: column!)
        // The sets keep the column's memory: dropped here, it is still read below.
        column = nil
        #expect(Self.contents(read) == sets)
        #expect((0..<read.count).map(read.count(of:)) == sets.map(\.count))
    }

    /// Sets made from another's: those reused read as the other's (which may reuse a third's), the
    /// others as made; and a set reused is never made.
    @Test func setsReusingOthersReadAsTheirs() {
        let base = Self.sets(200, seed: 3)
        var column: Column? = Column(base, shift: 0)
        let first = FeatureSets(offsets: Self.offsets(base), littleEndian: column!.bytes, keeping: column!)
        column = nil
        // Second: every third set is new, the others the first's in reverse order.
        let added = Self.sets(80, seed: 11)
        let secondFrom = (0..<240).map { $0 % 3 == 0 ? Int32(-1) : Int32(199 - $0 % 200) }
        // Made on several threads: each marks its own slot.
        let made = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 240)
        defer { made.deallocate() }
        made.initialize(repeating: false)
        let second = FeatureSets(count: 240, reusing: first, from: secondFrom) { index, set in
            made[index] = true
            set = added[index / 3]
        }
        #expect(made.indices.filter { made[$0] } == (0..<240).filter { $0 % 3 == 0 })
        let expectedSecond: [[UInt32]] = (0..<240).map { index in index % 3 == 0 ? added[index / 3] : base[199 - index % 200] }
        #expect(Self.contents(second) == expectedSecond)
        // Third: reuses the second's sets, made or reused, and adds its own.
        let thirdFrom: [Int32] = (0..<100).map { index in index % 2 == 0 ? Int32(index * 2) : -1 }
        let third = FeatureSets(count: 100, reusing: second, from: thirdFrom) { index, set in set = [UInt32(index), 99_999] }
        let expectedThird: [[UInt32]] = (0..<100).map { index in index % 2 == 0 ? expectedSecond[index * 2] : [UInt32(index), 99_999] }
        #expect(Self.contents(third) == expectedThird)
        #expect((0..<100).map { third.count(of: $0) } == expectedThird.map { $0.count })
        #expect(third.jaccard(0, 2) == JaccardSimilarity.of(expectedThird[0], expectedThird[2]))
        // The third refers to the first's sets where the second did, and copied the second's own.
        #expect(third.reusedSets === first)
    }
}
