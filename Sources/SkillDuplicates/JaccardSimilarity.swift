import SkillParser
/// Jaccard similarity |A ∩ B| / |A ∪ B| of two sorted, unique feature sets.
enum JaccardSimilarity {
    static func of(_ first: UnsafeBufferPointer<UInt32>, _ second: UnsafeBufferPointer<UInt32>) -> Double {
        guard !first.isEmpty || !second.isEmpty else { return 1 }
        var i = 0, j = 0, shared = 0
        while i < first.count, j < second.count {
            let a = first[i], b = second[j]
            if a == b {
                shared += 1; i += 1; j += 1
            } else if a < b {
                i += 1
            } else {
                j += 1
            }
        }
        return Double(shared) / Double(first.count + second.count - shared)
    }

    static func of(_ first: [UInt32], _ second: [UInt32]) -> Double {
        first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in of(a, b) } }
    }
}
