import Testing
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct LSHBandingKeysTests {
    private func keys(_ signature: [UInt32], _ banding: LSHBanding) -> [UInt32] {
        var keys = [UInt32](repeating: 0, count: banding.bands)
        signature.withUnsafeBufferPointer { signature in
            keys.withUnsafeMutableBufferPointer { banding.keys(of: signature, into: $0) }
        }
        return keys
    }

    @Test func bandKeysAgreeExactlyWhereTheRowsAgree() {
        let banding = LSHBanding(bands: 3, rows: 2)
        let first: [UInt32] = [1, 2, 3, 4, 5, 6]
        let second: [UInt32] = [1, 2, 9, 4, 5, 6]
        let (a, b) = (keys(first, banding), keys(second, banding))
        #expect(a[0] == b[0])
        #expect(a[1] != b[1])
        #expect(a[2] == b[2])
        // The same rows in another band give another key, so bands never meet each other.
        #expect(keys([7, 7, 7, 7, 7, 7], banding).count == 3)
        #expect(Set(keys([7, 7, 7, 7, 7, 7], banding)).count == 3)
    }
}
