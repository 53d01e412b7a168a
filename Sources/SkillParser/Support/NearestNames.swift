/// The known names closest to a name that was not found, for "did you mean" suggestions.
public enum NearestNames {
    /// Known names prepared once for many lookups: each lower-cased and split into scalars, so
    /// a lookup compares without building a string per candidate, and skips a candidate whose
    /// length alone rules it out. (A check suggesting among 2,000 skill names for each of
    /// thousands of findings spent most of its time lower-casing the same names again.)
    public struct Candidates: Sendable {
        let names: [String]
        let lowered: [String]
        let scalars: [[Unicode.Scalar]]

        public init(_ names: some Sequence<String>) {
            self.names = Array(names)
            lowered = self.names.map { $0.lowercased() }
            scalars = lowered.map { Array($0.unicodeScalars) }
        }
    }

    /// Up to `count` names within a distance that grows with the length of `name`, nearest
    /// first, ties broken alphabetically. A case-only difference counts as the nearest of all.
    public static func suggest(_ name: String, among candidates: some Sequence<String>, count: Int = 3,
                               limit: Int? = nil) -> [String] {
        suggest(name, among: Candidates(candidates), count: count, limit: limit)
    }

    /// The same among prepared candidates.
    public static func suggest(_ name: String, among candidates: Candidates, count: Int = 3,
                               limit: Int? = nil) -> [String] {
        let limit = limit ?? allowedDistance(for: name)
        let lowered = name.lowercased()
        let scalars = Array(lowered.unicodeScalars)
        var scored: [(distance: Int, name: String)] = []
        for index in candidates.names.indices where candidates.names[index] != name {
            let candidate = candidates.names[index]
            if candidates.lowered[index] == lowered {
                scored.append((0, candidate))
            } else if abs(candidates.scalars[index].count - scalars.count) <= limit,
                      let distance = EditDistance.between(scalars, candidates.scalars[index], limit: limit) {
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
