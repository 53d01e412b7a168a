/// Finds the names within two edits of a word without comparing it to every name: each name
/// is stored under every string made by deleting up to two of its characters, and a word
/// looks up its own deletions (the symmetric-delete idea). Candidates are then confirmed
/// with `EditDistance`.
struct DeletionIndex: Sendable {
    static let maximumDistance = 2

    private var buckets: [String: [String]] = [:]

    init(_ names: some Sequence<String>) {
        for name in Set(names) {
            for variant in Self.deletions(of: name) { buckets[variant, default: []].append(name) }
        }
    }

    /// Names at distance 1...`limit` (at most two) from `word`, nearest first, then alphabetical.
    func near(_ word: String, limit: Int = maximumDistance) -> [(name: String, distance: Int)] {
        var candidates = Set<String>()
        for variant in Self.deletions(of: word) { candidates.formUnion(buckets[variant] ?? []) }
        return candidates.compactMap { name -> (name: String, distance: Int)? in
            guard name != word, let distance = EditDistance.between(word, name, limit: limit) else { return nil }
            return (name, distance)
        }
        .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
    }

    /// `word` and every string made by deleting one or two of its characters.
    static func deletions(of word: String) -> Set<String> {
        var result: Set<String> = [word]
        var frontier: Set<String> = [word]
        for _ in 0..<maximumDistance {
            var next = Set<String>()
            for text in frontier {
                let scalars = Array(text.unicodeScalars)
                for index in scalars.indices {
                    var copy = scalars
                    copy.remove(at: index)
                    next.insert(String(String.UnicodeScalarView(copy)))
                }
            }
            result.formUnion(next)
            frontier = next
        }
        return result
    }
}
