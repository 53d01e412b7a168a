import Foundation
import SiteBuilder
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Site build time of the shared corpora (pages per second, per step), into a temporary folder.
enum SiteBenchmark {
    static func run() throws {
        for corpus in Corpora.available {
            let graph = try CollectionLoader.load(root: corpus.path)
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-bench-site-\(getpid())").path
            defer {
                try? FileManager.default.removeItem(atPath: output)
                try? FileManager.default.removeItem(atPath: (output as NSString).deletingLastPathComponent + "/." + (output as NSString).lastPathComponent + ".skillbook-cache")
            }
            var log = StepLog(total: SiteBuilder.steps.count)
            let start = Date()
            let summary = try SiteBuilder.build(SiteInput(graph: graph), options: SiteOptions(output: output, force: true), log: &log)
            let seconds = Date().timeIntervalSince(start)
            let steps = log.steps.map { String(format: "%@ %.2f s", $0.name, $0.seconds) }.joined(separator: ", ")
            print(String(format: "site %@: %d pages, %d files in %.2f s (%.0f pages/s; %@)", corpus.name, summary.pages,
                         summary.files, seconds, Double(summary.pages) / max(seconds, 0.001), steps))
        }
    }
}
