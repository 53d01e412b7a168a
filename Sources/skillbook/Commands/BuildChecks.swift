import Dispatch
import Foundation
import SkillChecks
import SkillDuplicates
import SkillParser

/// The check step of `build`: the checks with the build cache's `check` file, so a rebuild runs
/// the document checks (`DocumentCheck`) on the changed files only (`CheckCache`). `--full`
/// reads nothing from the cache and still leaves this build's for the next one. The new cache is
/// written on another thread while the site is built, and not at all when it would hold what
/// the file holds; `finish` waits for it.
final class BuildChecks: @unchecked Sendable {
    let file: URL
    let reuse: Bool
    private let writing = DispatchGroup()
    /// What the last run reused, for `--verbose`.
    private(set) var note: String?

    init(output: String, reuse: Bool) {
        file = CacheFolder.file(CheckCache.fileName, forOutput: URL(fileURLWithPath: output))
        self.reuse = reuse
    }

    /// The findings of `check` (the dedupe step's clusters reused for `duplicate-rule`), the
    /// same with or without the cache.
    func diagnostics(graph: SkillGraph, config: CollectionConfig, clusters: [DuplicateCluster]) -> [Diagnostic] {
        let key = CheckRunner.cacheKey(graph: graph, config: config, tool: ToolDigest.executable)
        var previous: CheckCache?
        var problem = ""
        if reuse {
            do throws(CacheDamage) {
                previous = try CheckCache.read(file, key: key)
            } catch {
                problem = " (\(file.path) not used: \(error))"
            }
        }
        let (findings, next, reused) = CheckRunner.run(graph: graph, config: config, duplicates: clusters,
                                                       reusing: previous, key: key)
        let files = graph.documents.count
        note = previous == nil ? "no usable check cache\(problem): every file checked"
            : "check cache: the document checks' findings of \(reused) of \(files) files reused"
        guard previous == nil || reused != files || previous?.count != next.count else { return findings }
        let file = file
        DispatchQueue.global().async(group: writing) {
            if CacheFolder.prepare(for: file) { try? next.write(to: file) }
        }
        return findings
    }

    /// Waits until the new cache is written.
    func finish() {
        writing.wait()
    }
}
