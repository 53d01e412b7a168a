import SkillParser
/// Pairs of rules labelled by hand (the same rule stated twice, or a look-alike that says
/// something else), and how well duplicate detection tells them apart: precision and recall.
/// `Tests/dupes-labelled/pairs.tsv` holds the set; `make bench` prints the figures.
public struct DuplicateLabelledSet: Sendable {
    public struct Pair: Sendable, Equatable {
        public var same: Bool
        public var first: String
        public var second: String
    }

    /// What one run found: which labelled pairs were joined, and joins between different pairs.
    public struct Outcome: Sendable {
        /// `same` pairs found, and missed.
        public var found: [Pair] = []
        public var missed: [Pair] = []
        /// `different` pairs wrongly joined.
        public var wronglyJoined: [Pair] = []
        /// Rules of two different pairs joined in one cluster (all are wrong: no two pairs say the same).
        public var crossPairJoins = 0

        public var precision: Double {
            let positives = found.count + wronglyJoined.count + crossPairJoins
            return positives == 0 ? 1 : Double(found.count) / Double(positives)
        }

        public var recall: Double {
            found.count + missed.count == 0 ? 1 : Double(found.count) / Double(found.count + missed.count)
        }
    }

    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    public var pairs: [Pair]

    /// Reads the tab-separated file; `#` starts a comment line.
    public init(tsv text: String) throws {
        pairs = try text.split(separator: "\n").enumerated().compactMap { number, line in
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { return nil }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 3, ["same", "different"].contains(columns[0]) else {
                throw FormatError(description: "line \(number + 1): expected `same` or `different`, then two rules, separated by tabs")
            }
            return Pair(same: columns[0] == "same", first: columns[1], second: columns[2])
        }
    }

    /// Puts each pair's rules in two skills of their own, searches all of them together, and
    /// scores the clusters against the labels.
    public func evaluate(options: DuplicateOptions = DuplicateOptions()) -> Outcome {
        var statements: [RuleStatement] = []
        for (index, pair) in pairs.enumerated() {
            for (side, text) in [("a", pair.first), ("b", pair.second)] {
                let skill = "pair-\(index + 1)-\(side)"
                statements.append(RuleStatement(skill: skill, location: SourceLocation(file: "\(skill)/SKILL.md", line: 1),
                                                text: text))
            }
        }
        let clusters = DuplicateFinder(options: options).clusters(in: statements, skillCount: statements.count)
        // The pair each statement's cluster belongs to, through the skill name.
        var clusterOf: [String: Int] = [:]
        var outcome = Outcome()
        for (number, cluster) in clusters.enumerated() {
            let pairIndexes = Set(cluster.members.compactMap { $0.skill.flatMap(Self.pairIndex) })
            outcome.crossPairJoins += pairIndexes.count - 1
            for member in cluster.members { if let skill = member.skill { clusterOf[skill] = number } }
        }
        for (index, pair) in pairs.enumerated() {
            let (a, b) = (clusterOf["pair-\(index + 1)-a"], clusterOf["pair-\(index + 1)-b"])
            let joined = a != nil && a == b
            switch (pair.same, joined) {
            case (true, true): outcome.found.append(pair)
            case (true, false): outcome.missed.append(pair)
            case (false, true): outcome.wronglyJoined.append(pair)
            case (false, false): break
            }
        }
        return outcome
    }

    private static func pairIndex(_ skill: String) -> Int? {
        let parts = skill.split(separator: "-")
        return parts.count == 3 ? Int(parts[1]) : nil
    }
}
