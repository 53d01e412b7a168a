/// The known names closest to a name that was not found, for "did you mean" suggestions.
public enum NearestNames {
    /// Up to `count` names within a distance that grows with the length of `name`, nearest
    /// first, ties broken alphabetically. A case-only difference counts as the nearest of all.
    public static func suggest(_ name: String, among candidates: some Sequence<String>, count: Int = 3,
                        limit: Int? = nil) -> [String] {
        let limit = limit ?? allowedDistance(for: name)
        let lowered = name.lowercased()
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates where candidate != name {
            if candidate.lowercased() == lowered {
                scored.append((0, candidate))
            } else if let distance = EditDistance.between(lowered, candidate.lowercased(), limit: limit) {
                scored.append((distance, candidate))
            }
        }
        scored.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        var seen = Set<String>()
        return scored.map(\.name).filter { seen.insert($0).inserted }.prefix(count).map { $0 }
    }

    /// How many edits still read as a slip rather than another name: a quarter of the length,
    /// at least one and at most three.
    public static func allowedDistance(for name: String) -> Int {
        min(3, max(1, name.count / 4))
    }

    /// "`a`", "`a` or `b`", "`a`, `b` or `c`".
    public static func list(_ names: [String], prefix: String = "") -> String {
        let quoted = names.map { "`\(prefix)\($0)`" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
