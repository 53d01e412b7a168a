import SkillParser
import SkillDuplicates
/// Finds the names within one or two edits of a word without comparing it to every name: each
/// name is stored under every string made by deleting characters from it, and a word looks up
/// its own deletions (the symmetric-delete idea). Candidates are then confirmed with
/// `EditDistance`. A swap of neighbouring letters is found with one deletion on each side.
struct DeletionIndex: Sendable {
    static let maximumDistance = 2

    /// Deletion variants are byte strings: cheaper than `String`s, and words are ASCII.
    private var buckets: [[UInt8]: [String]] = [:]
    /// Names shorter than this are stored with one deletion only: two edits are looked for only
    /// between long names.
    private let twoEditLength: Int

    init(_ names: some Sequence<String>, twoEditLength: Int = 14) {
        self.twoEditLength = twoEditLength
        for name in Set(names) {
            let depth = name.utf8.count >= twoEditLength ? 2 : 1
            for variant in Self.deletions(of: Array(name.utf8), depth: depth) { buckets[variant, default: []].append(name) }
        }
    }

    /// Names at distance 1...`limit` from `word`, nearest first, then alphabetical. A limit of two
    /// finds only names of `twoEditLength` characters or more at distance two.
    func near(_ word: String, limit: Int = maximumDistance) -> [(name: String, distance: Int)] {
        var candidates = Set<String>()
        for variant in Self.deletions(of: Array(word.utf8), depth: min(limit, Self.maximumDistance)) {
            candidates.formUnion(buckets[variant] ?? [])
        }
        return candidates.compactMap { name -> (name: String, distance: Int)? in
            guard name != word, let distance = EditDistance.between(word, name, limit: limit) else { return nil }
            return (name, distance)
        }
        .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
    }

    /// `word` and every string made by deleting up to `depth` of its characters.
    static func deletions(of word: [UInt8], depth: Int) -> Set<[UInt8]> {
        var result: Set<[UInt8]> = [word]
        var frontier: Set<[UInt8]> = [word]
        for _ in 0..<depth {
            var next = Set<[UInt8]>()
            for text in frontier {
                for index in text.indices {
                    var copy = text
                    copy.remove(at: index)
                    next.insert(copy)
                }
            }
            result.formUnion(next)
            frontier = next
        }
        return result
    }
}
