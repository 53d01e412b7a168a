import Foundation
import SkillParser

/// What one run of `DuplicateFinder` did: how many things each step handled and how long it
/// took, for `skillbook dupes --verbose` and the benchmark.
public struct DuplicateStatistics: Sendable, Hashable {
    public typealias Step = StepLog.Step

    /// Statements given, and those long enough to compare.
    public var statements = 0
    public var comparedStatements = 0
    /// Distinct normalised texts, and units (whole texts and sentences) sketched.
    public var distinctTexts = 0
    public var units = 0
    public var bands = 0
    public var rows = 0
    /// Pairs that shared an LSH band, and those that verification accepted.
    public var candidatePairs = 0
    public var verifiedPairs = 0
    /// Rules found restated inside longer ones by the word-pair index.
    public var containedPairs = 0
    public var clusters = 0
    /// Files whose rules' fingerprints, and units whose features and band keys, came from the cache.
    public var reusedFiles = 0
    public var reusedUnits = 0
    /// Whether the pairs matched across files came from the cache (no distinct text changed).
    public var reusedMatching = false
    /// Whether the verified pairs were the last run's, patched where units changed (`MatchPatch`).
    public var patchedMatching = false
    /// Clusters taken from the last run as they were (`ReusableClusters`).
    public var reusedClusters = 0
    public var steps: [Step] = []

    public var seconds: Double { steps.reduce(0) { $0 + $1.seconds } }

    /// One line per step and a line of counts.
    public var lines: [String] {
        steps.enumerated().map { index, step in
            String(format: "[%d/%d] %@: %.3f s", index + 1, steps.count, step.name, step.seconds)
        } + [
            "\(statements) rules, \(comparedStatements) compared (long enough, not lists of links), \(distinctTexts) distinct, "
                + "\(units) units, LSH \(bands)×\(rows), \(candidatePairs) candidate pairs, \(verifiedPairs) verified, "
                + "\(containedPairs) contained, \(clusters) clusters",
        ]
    }
}
