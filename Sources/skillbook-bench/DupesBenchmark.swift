import Foundation
import SkillParser

/// Duplicate detection: rules per second on 10k, 100k and 1M synthetic rules (the cost should
/// grow near-linearly), then the time on the agentic-awesome-skills corpus when present.
enum DupesBenchmark {
    static func run() throws {
        let finder = DuplicateFinder()
        var previous: (rules: Int, seconds: Double)?
        for count in [10_000, 100_000, 1_000_000] {
            let (statements, skills) = SyntheticRules().make(count: count)
            let start = Date()
            let (clusters, statistics) = finder.run(statements, skillCount: skills)
            let seconds = Date().timeIntervalSince(start)
            var line = String(format: "dupes synthetic %7d rules: %6.2f s, %9.0f rules/s, %d candidate pairs, %d clusters (%d boilerplate)",
                              count, seconds, Double(count) / seconds, statistics.candidatePairs, clusters.count,
                              clusters.filter(\.boilerplate).count)
            if let previous {
                line += String(format: "; x%.0f rules took x%.1f time", Double(count) / Double(previous.rules),
                               seconds / previous.seconds)
            }
            print(line)
            print("    " + statistics.steps.map { String(format: "%@ %.2f", $0.name, $0.seconds) }.joined(separator: ", "))
            previous = (count, seconds)
        }
        for corpus in Corpora.available where corpus.name == "agentic-awesome-skills" {
            let loadStart = Date()
            let graph = try CollectionLoader.load(root: corpus.path + "/skills")
            let loaded = Date()
            let statements = DuplicateFinder.statements(in: graph)
            let clusters = finder.clusters(in: graph)
            let seconds = Date().timeIntervalSince(loaded)
            print(String(format: "dupes %@: %d rules in %.2f s (%.0f rules/s; load %.2f s), %d clusters, %d boilerplate",
                         corpus.name, statements.count, seconds, Double(statements.count) / seconds,
                         loaded.timeIntervalSince(loadStart), clusters.count, clusters.filter(\.boilerplate).count))
        }
    }
}
