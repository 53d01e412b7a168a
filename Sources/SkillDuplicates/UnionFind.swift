import SkillParser
/// Disjoint sets over `0..<count` with union by size and path halving: near-constant time
/// per operation, so clustering costs about as much as reading the matched pairs.
struct UnionFind: Sendable {
    private var parent: [Int32]
    private var size: [Int32]

    init(count: Int) {
        parent = (0..<count).map { Int32($0) }
        size = Array(repeating: 1, count: count)
    }

    var count: Int { parent.count }

    /// The representative of `element`'s set.
    mutating func find(_ element: Int) -> Int {
        var current = Int32(element)
        while parent[Int(current)] != current {
            let grandparent = parent[Int(parent[Int(current)])]
            parent[Int(current)] = grandparent
            current = grandparent
        }
        return Int(current)
    }

    /// Joins the sets of `first` and `second`; returns false when they were already one set.
    @discardableResult
    mutating func union(_ first: Int, _ second: Int) -> Bool {
        var a = find(first), b = find(second)
        guard a != b else { return false }
        if size[a] < size[b] { swap(&a, &b) }
        parent[b] = Int32(a)
        size[a] += size[b]
        return true
    }

    /// The sets with more than one element, and the single elements for which `keepSingle` is
    /// true; each set sorted, in order of their smallest element.
    mutating func groups(keepingSingle keepSingle: (Int) -> Bool = { _ in false }) -> [[Int]] {
        var byRoot: [Int: Int] = [:]
        var result: [[Int]] = []
        for element in 0..<count {
            let root = find(element)
            guard size[root] > 1 || keepSingle(element) else { continue }
            if let index = byRoot[root] {
                result[index].append(element)
            } else {
                byRoot[root] = result.count
                result.append([element])
            }
        }
        return result
    }
}
