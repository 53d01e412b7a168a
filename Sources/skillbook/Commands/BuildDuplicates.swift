import Dispatch
import Foundation
import SkillDuplicates
import SkillParser

/// The dedupe step of `build`: duplicate detection with the build cache's `dedupe` file, so a
/// rebuild normalises and sketches only the changed files' rules (`DuplicateCache`). `--full`
/// reads nothing from the cache and still leaves this build's for the next one. The new cache is
/// written on another thread while the site is built; `finish` waits for it.
final class BuildDuplicates: @unchecked Sendable {
    let file: URL
    let reuse: Bool
    private let writing = DispatchGroup()
    /// What the last run reused, for `--verbose`.
    private(set) var note: String?

    init(output: String, reuse: Bool) {
        file = CacheFolder.file(DuplicateCache.fileName, forOutput: URL(fileURLWithPath: output))
        self.reuse = reuse
    }

    /// The clusters of the graph's rules, the same with or without the cache.
    func clusters(in graph: SkillGraph) -> [DuplicateCluster] {
        let key = DuplicateCache.key(options: DuplicateOptions(), tool: ToolDigest.executable)
        var previous: DuplicateCache?
        var problem = ""
        if reuse {
            do throws(CacheDamage) {
                previous = try DuplicateCache.read(file, key: key)
            } catch {
                problem = " (\(file.path) not used: \(error))"
            }
        }
        let (clusters, statistics, next) = DuplicateFinder().run(in: graph, reusing: previous, key: key)
        let files = graph.documents.count
        // A rebuild whose Markdown files are all unchanged keeps the file there (44 MB for agentic-awesome-skills).
        let unchanged = previous?.holdsTheSameFiles(as: next) == true
        note = previous == nil ? "no usable duplicate cache\(problem): every file's rules normalised and sketched"
            : "duplicate cache: the rules of \(statistics.reusedFiles) of \(files) files and \(statistics.reusedUnits) of \(statistics.units) sketches reused"
                + (statistics.reusedMatching ? ", and the pairs matched across files (no rule changed)" : "")
                + (unchanged ? "; the cache is unchanged and not written again" : "")
        if unchanged { return clusters }
        let file = file
        DispatchQueue.global().async(group: writing) {
            if CacheFolder.prepare(for: file) { try? next.write(to: file) }
        }
        return clusters
    }

    /// Waits until the new cache is written.
    func finish() {
        writing.wait()
    }
}
