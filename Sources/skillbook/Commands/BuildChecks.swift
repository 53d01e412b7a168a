import Foundation
import SkillChecks
import SkillDuplicates
import SkillParser

/// The check step of `build`: the checks with the build cache's `check` file, so a rebuild runs
/// the document checks (`DocumentCheck`) and the link and path checks (`FileWorldCheck`) on the
/// changed files only (`CheckCache`). `--full`
/// reads nothing from the cache and still leaves this build's for the next one. The new cache is
/// not written at all when it would hold what the file holds.
final class BuildChecks: @unchecked Sendable {
    private let cache: StepCacheFile<CheckCache>
    /// The previous build's cache, read, and every check that does not read the duplicate
    /// clusters run with it (`CheckRunner.prepare`), on a thread of its own from the start,
    /// while the dedupe step runs: in a rebuild of agentic-awesome-skills after one changed
    /// reference, the cache's reading and the files' keys were about 30 ms of processor time
    /// that the check step no longer waits for.
    private let prepared: BackgroundStep<(prepared: CheckRunner.Preparation, previous: CheckCache?, problem: String)>
    /// What the last run reused, for `--verbose`.
    private(set) var note: String?

    init(output: String, reuse: Bool, graph: SkillGraph, config: CollectionConfig) {
        let cache = StepCacheFile<CheckCache>(output: output, reuse: reuse)
        self.cache = cache
        prepared = BackgroundStep(ahead: reuse) {
            let key = CheckRunner.cacheKey(graph: graph, config: config, tool: ToolDigest.executable)
            let (previous, problem) = cache.previous(key: key)
            return (CheckRunner.prepare(graph: graph, config: config, reusing: previous, key: key), previous, problem)
        }
    }

    /// The findings of `check` (the dedupe step's clusters reused for `duplicate-rule`), the
    /// same with or without the cache, for the graph and configuration given to `init`.
    func diagnostics(graph: SkillGraph, clusters: [DuplicateCluster]) -> [Diagnostic] {
        // The work cannot fail.
        let (prepared, previous, problem) = try! self.prepared.wait()
        let (findings, next, reused) = CheckRunner.run(prepared, duplicates: clusters)
        let files = graph.documents.count
        note = previous == nil ? "no usable check cache\(problem): every file checked"
            : "check cache: the document checks' findings of \(reused.documentChecks) of \(files) files reused, "
                + "the link and path checks' of \(reused.fileWorldChecks), "
                + "the whole-collection findings of \(reused.wholeChecks) of \(reused.digestedChecks) checks"
        if previous == nil || reused.documentChecks != files || reused.fileWorldChecks != files || previous?.count != next.count
            || previous?.hasTheSameFoldersBeyondWalk(as: next) == false || previous?.hasTheSameCheckEntries(as: next) == false {
            cache.write(next)
        }
        return findings
    }

    /// Waits until the new cache is written.
    func finish() {
        cache.finish()
    }
}
