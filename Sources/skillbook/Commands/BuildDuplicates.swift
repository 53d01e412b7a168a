import Foundation
import SkillDuplicates
import SkillParser

/// The dedupe step of `build`: duplicate detection with the build cache's `clusters` file, so a
/// rebuild that changed no file's rules takes the last clusters as they are (`ClusterCache`), and
/// its `dedupe` file, so any other rebuild normalises and sketches only the changed files' rules
/// (`DuplicateCache`). `--full` reads nothing from the caches and still leaves this build's for
/// the next one.
final class BuildDuplicates: @unchecked Sendable {
    private let cache: StepCacheFile<DuplicateCache>
    private let clusterCache: StepCacheFile<ClusterCache>
    /// What the last run reused, for `--verbose`.
    private(set) var note: String?

    init(output: String, reuse: Bool) {
        cache = StepCacheFile(output: output, reuse: reuse)
        clusterCache = StepCacheFile(output: output, reuse: reuse)
    }

    /// The clusters of the graph's rules, the same with or without the cache.
    func clusters(in graph: SkillGraph) -> [DuplicateCluster] {
        let key = DuplicateCache.key(options: DuplicateOptions(), tool: ToolDigest.executable)
        let (previousClusters, clustersProblem) = clusterCache.previous(key: key)
        let inputs = ClusterCache.inputs(of: graph, known: previousClusters?.inputs)
        if let previousClusters, let clusters = previousClusters.clusters(for: inputs) {
            // The table of rules' digests names the files by their bytes: written again when one changed.
            note = "cluster cache: no file's rules changed, the clusters reused"
            if inputs != previousClusters.inputs {
                // The same clusters: their bytes are written as they were read.
                var next = previousClusters
                next.inputs = inputs
                clusterCache.write(next)
            }
            return clusters
        }
        let (previous, problem) = cache.previous(key: key)
        let run = DuplicateFinder().run(in: graph, reusing: previous, clusters: previousClusters?.reusable(for: graph), key: key)
        let (clusters, statistics) = (run.clusters, run.statistics)
        let files = graph.documents.count
        clusterCache.write(ClusterCache(key: key, inputs: inputs, clusters: clusters, groups: run.groups, skillCount: graph.skills.count))
        note = previous == nil ? "no usable duplicate cache\(problem)\(clustersProblem): every file's rules normalised and sketched"
            : "duplicate cache: the rules of \(statistics.reusedFiles) of \(files) files and \(statistics.reusedUnits) of \(statistics.units) sketches reused"
                + (statistics.reusedMatching ? ", and the pairs matched across files (no rule changed)" : "")
                + (statistics.patchedMatching ? ", and the verified pairs patched where rules changed" : "")
                + (statistics.reusedClusters > 0 ? "; \(statistics.reusedClusters) of \(statistics.clusters) clusters kept" : "")
        // The next cache is made on the writing thread: the site waits for the clusters only.
        let fresh = !cache.reuse
        cache.write {
            var next = run.cache
            // `--full` read nothing, yet need not write again the texts and sketches already there.
            next.leavesFilesOfTheSameTexts = fresh
            // A rebuild whose Markdown files are all unchanged keeps the file there (44 MB for agentic-awesome-skills).
            return previous?.holdsTheSameFiles(as: next) == true ? nil : next
        }
        return clusters
    }

    /// Waits until the new cache is written.
    func finish() {
        cache.finish()
        clusterCache.finish()
    }
}
