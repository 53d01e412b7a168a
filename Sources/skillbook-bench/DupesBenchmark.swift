import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Duplicate detection: rules per second on 10k, 100k and 1M synthetic rules (the cost should
/// grow near-linearly), then the time on the agentic-awesome-skills corpus when present.
///
/// Each size runs twice and the faster run is shown, with the processor time it used (all
/// cores together), which other work on a shared machine disturbs less than the wall clock.
enum DupesBenchmark {
    static let labelledSetFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/dupes-labelled/pairs.tsv")

    static func run() throws {
        let finder = DuplicateFinder()
        var previous: (rules: Int, seconds: Double, cpu: Double)?
        for count in [10_000, 100_000, 1_000_000] {
            let (statements, skills) = SyntheticRules().make(count: count)
            var best: (seconds: Double, cpu: Double, clusters: [DuplicateCluster], statistics: DuplicateStatistics)?
            for _ in 0..<2 {
                let (start, cpuStart) = (Date(), processorSeconds())
                let (clusters, statistics) = finder.run(statements, skillCount: skills)
                let seconds = Date().timeIntervalSince(start)
                if best == nil || seconds < best!.seconds {
                    best = (seconds, processorSeconds() - cpuStart, clusters, statistics)
                }
            }
            guard let best else { continue }
            var line = String(format: "dupes synthetic %7d rules: %6.2f s (cpu %6.2f s), %7.0f rules/s, %d candidate pairs, %d clusters (%d boilerplate)",
                              count, best.seconds, best.cpu, Double(count) / best.seconds, best.statistics.candidatePairs,
                              best.clusters.count, best.clusters.filter(\.boilerplate).count)
            if let previous {
                line += String(format: "; x%.0f rules: x%.1f time, x%.1f cpu", Double(count) / Double(previous.rules),
                               best.seconds / previous.seconds, best.cpu / previous.cpu)
            }
            print(line)
            print("    " + best.statistics.steps.map { String(format: "%@ %.2f", $0.name, $0.seconds) }.joined(separator: ", "))
            previous = (count, best.seconds, best.cpu)
        }
        for corpus in Corpora.available where corpus.name == "agentic-awesome-skills" {
            let loadStart = Date()
            let graph = try CollectionLoader.load(root: corpus.path + "/skills")
            let loaded = Date()
            let (clusters, statistics) = finder.run(DuplicateFinder.statements(in: graph), skillCount: graph.skills.count)
            let seconds = Date().timeIntervalSince(loaded)
            print(String(format: "dupes %@: %d rules in %.2f s (%.0f rules/s; load %.2f s), %d candidate pairs, %d clusters, %d boilerplate",
                         corpus.name, statistics.statements, seconds, Double(statistics.statements) / seconds,
                         loaded.timeIntervalSince(loadStart), statistics.candidatePairs, clusters.count,
                         clusters.filter(\.boilerplate).count))
            let report = DuplicateReportText().format(clusters).split(separator: "\n")
            for line in report where line.hasPrefix("boilerplate block 1 ") || line.hasPrefix("boilerplate block 2 ") {
                print("    " + line)
            }
        }
    }

    /// Precision and recall on the hand-labelled pairs, with every miss and wrong join.
    static func labelled() throws {
        let set = try DuplicateLabelledSet(tsv: try String(contentsOf: labelledSetFile, encoding: .utf8))
        let outcome = set.evaluate()
        let same = set.pairs.filter(\.same).count
        print(String(format: "dupes labelled set: %d pairs (%d same, %d look-alikes): precision %.2f, recall %.2f "
                     + "(%d found, %d missed, %d look-alikes joined, %d joins across pairs)",
                     set.pairs.count, same, set.pairs.count - same, outcome.precision, outcome.recall, outcome.found.count,
                     outcome.missed.count, outcome.wronglyJoined.count, outcome.crossPairJoins))
        var wholeOnly = DuplicateOptions()
        wholeOnly.containmentCoverage = .infinity
        let before = set.evaluate(options: wholeOnly)
        print(String(format: "    without containment inside sentences (as before issue 15): precision %.2f, recall %.2f",
                     before.precision, before.recall))
        for pair in outcome.missed { print("    missed: \"\(pair.first)\" / \"\(pair.second)\"") }
        for pair in outcome.wronglyJoined { print("    look-alike joined: \"\(pair.first)\" / \"\(pair.second)\"") }
    }

    /// Processor time used by this process so far, on all threads.
    static func processorSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
