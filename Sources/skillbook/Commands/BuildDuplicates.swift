import Foundation
import SkillDuplicates
import SkillParser

/// The dedupe step of `build`: duplicate detection with the build cache's `dedupe` file, so a
/// rebuild normalises and sketches only the changed files' rules (`DuplicateCache`). `--full`
/// reads nothing from the cache and still leaves this build's for the next one.
final class BuildDuplicates: @unchecked Sendable {
    private let cache: StepCacheFile<DuplicateCache>
    /// What the last run reused, for `--verbose`.
    private(set) var note: String?

    init(output: String, reuse: Bool) {
        cache = StepCacheFile(output: output, reuse: reuse)
    }

    /// The clusters of the graph's rules, the same with or without the cache.
    func clusters(in graph: SkillGraph) -> [DuplicateCluster] {
        let key = DuplicateCache.key(options: DuplicateOptions(), tool: ToolDigest.executable)
        let (previous, problem) = cache.previous(key: key)
        var (clusters, statistics, next) = DuplicateFinder().run(in: graph, reusing: previous, key: key)
        // `--full` read nothing, yet need not write again the texts and sketches already there.
        next.leavesFilesOfTheSameTexts = !cache.reuse
        let files = graph.documents.count
        // A rebuild whose Markdown files are all unchanged keeps the file there (44 MB for agentic-awesome-skills).
        let unchanged = previous?.holdsTheSameFiles(as: next) == true
        note = previous == nil ? "no usable duplicate cache\(problem): every file's rules normalised and sketched"
            : "duplicate cache: the rules of \(statistics.reusedFiles) of \(files) files and \(statistics.reusedUnits) of \(statistics.units) sketches reused"
                + (statistics.reusedMatching ? ", and the pairs matched across files (no rule changed)" : "")
                + (unchanged ? "; the cache is unchanged and not written again" : "")
        if !unchanged { cache.write(next) }
        return clusters
    }

    /// Waits until the new cache is written.
    func finish() {
        cache.finish()
    }
}
