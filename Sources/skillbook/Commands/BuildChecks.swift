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
    /// What the last run reused, for `--verbose`.
    private(set) var note: String?

    init(output: String, reuse: Bool) {
        cache = StepCacheFile(output: output, reuse: reuse)
    }

    /// The findings of `check` (the dedupe step's clusters reused for `duplicate-rule`), the
    /// same with or without the cache.
    func diagnostics(graph: SkillGraph, config: CollectionConfig, clusters: [DuplicateCluster]) -> [Diagnostic] {
        let key = CheckRunner.cacheKey(graph: graph, config: config, tool: ToolDigest.executable)
        let (previous, problem) = cache.previous(key: key)
        let (findings, next, reused) = CheckRunner.run(graph: graph, config: config, duplicates: clusters,
                                                       reusing: previous, key: key)
        let files = graph.documents.count
        note = previous == nil ? "no usable check cache\(problem): every file checked"
            : "check cache: the document checks' findings of \(reused.documentChecks) of \(files) files reused, "
                + "the link and path checks' of \(reused.fileWorldChecks)"
        if previous == nil || reused.documentChecks != files || reused.fileWorldChecks != files || previous?.count != next.count
            || previous?.hasTheSameFoldersBeyondWalk(as: next) == false {
            cache.write(next)
        }
        return findings
    }

    /// Waits until the new cache is written.
    func finish() {
        cache.finish()
    }
}
