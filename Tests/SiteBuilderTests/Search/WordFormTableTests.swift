import Testing
@testable import SkillSearch

/// The counting's word-form table: every key found again with its own value, through growth,
/// for keys kept in their slot (up to 16 bytes) and longer ones, and keys that differ only in
/// length or in a late byte kept apart.
@Suite struct WordFormTableTests {
    static func find(_ table: WordFormTable, _ key: [UInt8]) -> UInt64? {
        key.withUnsafeBufferPointer { key in
            let found = table.find(key)
            return found.found ? table.value(at: found.slot) : nil
        }
    }

    @Test func keysAreFoundWithTheirValuesThroughGrowth() {
        var table = WordFormTable()
        // Lengths 1 to 40 (inline and long), many of them sharing their first 16 bytes.
        var keys: [[UInt8]] = []
        for number in 0..<5_000 {
            let length = 1 + number % 40
            keys.append((0..<length).map { UInt8(0x61 + ($0 * 7 + number / 40) % 26) } + Array(String(number).utf8))
        }
        keys.append([0x61])
        keys.append([0x61, 0x00])
        keys.append(Array(repeating: 0x62, count: 16))
        keys.append(Array(repeating: 0x62, count: 17))
        var distinct: [[UInt8]: UInt64] = [:]
        for key in keys {
            key.withUnsafeBufferPointer { buffer in
                let found = table.find(buffer)
                #expect(found.found == (distinct[key] != nil))
                if !found.found {
                    let value = UInt64(distinct.count) * 3 + 1
                    table.insert(buffer, value: value, at: found.slot)
                    distinct[key] = value
                }
            }
        }
        #expect(table.count == distinct.count)
        for (key, value) in distinct { #expect(Self.find(table, key) == value) }
        #expect(Self.find(table, Array("not there".utf8)) == nil)
        #expect(Self.find(table, Array(repeating: 0x62, count: 18)) == nil)
        #expect(Self.find(table, [0x61, 0x00, 0x00]) == nil)
    }
}
