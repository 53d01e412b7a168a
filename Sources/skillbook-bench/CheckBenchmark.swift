import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Time of `skillbook check` on the shared corpora: loading, each check alone, and the whole run.
enum CheckBenchmark {
    static func run() throws {
        for corpus in Corpora.available {
            var start = Date()
            let graph = try CollectionLoader.load(root: corpus.path)
            let load = Date().timeIntervalSince(start)
            start = Date()
            let context = CheckContext(graph: graph)
            let contextTime = Date().timeIntervalSince(start)
            var parts: [String] = []
            for check in Checks.all {
                start = Date()
                _ = check.run(context)
                parts.append(String(format: "%@ %.2f", String(describing: type(of: check)), Date().timeIntervalSince(start)))
            }
            start = Date()
            let diagnostics = CheckRunner.run(graph: graph)
            let total = Date().timeIntervalSince(start)
            print(String(format: "check %@: load %.2f s, checks %.2f s, %d diagnostics", corpus.name, load, total, diagnostics.count))
            print(String(format: "  context %.2f s, ", contextTime) + parts.joined(separator: ", "))
        }
    }
}
