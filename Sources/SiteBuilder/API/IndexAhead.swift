import Foundation
import SkillParser

/// The search index of a rebuild, made on a thread of its own from the start of the load step,
/// beside the steps before the index instead of after them: the index needs the graph, the
/// pages' sources and the output folder (`SitePreparation`), not the findings or the rendered
/// pages. A per-thread timeline (perf, cpu-clock samples by thread over time) of a rebuild of
/// agentic-awesome-skills after one appended paragraph had the index step (~190 ms, mostly on
/// one core: reading the last build's state, patching it, encoding the changed files) start only
/// after the pages were rendered, while the second core was idle for much of the load step
/// (~180 ms at ~1.1 cores) and of the ~200 ms of dedupe, check, plan and render.
///
/// It reads the last build's counts, row sizes and state at once (`SearchIndexStep.Previous`,
/// beside the load step), waits for the graph to key the documents, then for the parts of the
/// site's preparation it needs (`Site`: the pages and the output folder). An index that cannot be patched (a section added or removed, a document added
/// or deleted, no previous state) is assembled from every document's counts, the index step's
/// peak of memory: that waits until `mayAssemble()` (after the pages are rendered), so that the
/// two steps' memory does not add up, as `SiteBuilder.build` decides for the index it makes
/// itself (`SiteBuilder.indexBesideRenderingUpTo`). The output does not depend on when the index
/// runs: the same files with the same bytes.
final class IndexAhead: @unchecked Sendable {
    /// The index, once made.
    let step: BackgroundStep<SearchIndexStep.Output>
    private let site = Handover<(graph: SkillGraph, site: @Sendable () throws -> Site)>()
    private let gate = Gate()
    private let assemblingAtOnceUpTo: Int
    private let timing = Timing()

    /// Starts reading the build cache of the output folder `options.output`; a collection of at
    /// most `assemblingAtOnceUpTo` documents is assembled without waiting for the pages.
    init(options: SiteOptions, assemblingAtOnceUpTo: Int = SiteBuilder.indexBesideRenderingUpTo) {
        self.assemblingAtOnceUpTo = assemblingAtOnceUpTo
        let (site, gate, timing) = (site, gate, timing)
        step = BackgroundStep(ahead: true) {
            let start = DispatchTime.now().uptimeNanoseconds
            defer { timing.set(elapsed: DispatchTime.now().uptimeNanoseconds - start) }
            let cache = SearchIndexStep.Cache(file: SearchIndexStep.cacheLocation(for: OutputFolder.location(of: options.output)),
                                              reuse: options.reuse)
            var previous = SearchIndexStep.Previous(cache: cache) {
                if let waited = gate.wait() { timing.add(waitedForRendering: waited) }
            }
            let before = DispatchTime.now().uptimeNanoseconds
            let (graph, preparing) = try site.wait()
            let prepared = try preparing()
            timing.add(waitedForSite: DispatchTime.now().uptimeNanoseconds - before)
            previous.key(graph)
            return try SiteBuilder.index(graph: graph, plan: prepared.plan, folder: prepared.folder, output: prepared.output,
                                         cache: cache, previous: previous)
        }
    }

    /// What the index needs of the site's preparation (`SitePreparation`): the pages, whose
    /// sources it indexes and whose paths it leaves alone, and the output folder it writes into.
    struct Site {
        var plan: SitePlan
        var folder: OutputFolder
        var output: IncrementalOutput
    }

    /// Hands over the loaded graph and what waits for the parts of the site the index needs.
    func start(graph: SkillGraph, site prepared: @escaping @Sendable () throws -> Site) {
        if graph.documents.count <= assemblingAtOnceUpTo { gate.open() }
        site.give((graph, prepared))
    }

    /// Lets an index that cannot be patched be assembled: the pages are rendered, or the build
    /// stops. Later calls do nothing.
    func mayAssemble() {
        gate.open()
    }

    /// For a build that stops: the index stops too if it has no graph yet, and its thread is
    /// waited for, with its cache files (none is written to a folder that is being discarded).
    func abandon() {
        site.fail(Stopped())
        gate.open()
        _ = try? (try? step.wait())?.cacheWrites?.wait()
    }

    struct Stopped: Error, CustomStringConvertible {
        var description: String { "the build stopped before the search index was made" }
    }

    /// For `--verbose`, after the index step's own time (what the build waited for): the time
    /// the index worked on its thread, without its waits for the graph, the site's preparation and
    /// the pages, and the wait for the pages when it was assembled anew.
    var summary: String {
        let (elapsed, site, rendering) = timing.values
        let busy = elapsed - min(elapsed, site + (rendering ?? 0))
        let own = "\(StepLog.format(Double(busy) / 1e9)) of work on a thread of its own from the start of load"
        guard let rendering else { return own }
        return own + "; assembled anew once the pages were rendered (it waited \(StepLog.format(Double(rendering) / 1e9)) for them)"
    }

    /// Times gathered on the index's thread, read once it is done.
    private final class Timing: @unchecked Sendable {
        private let lock = NSLock()
        private var elapsed: UInt64 = 0
        private var site: UInt64 = 0
        /// `nil` unless the assembly waited for the pages.
        private var rendering: UInt64?

        func set(elapsed: UInt64) { lock.withLock { self.elapsed = elapsed } }
        func add(waitedForSite nanoseconds: UInt64) { lock.withLock { site += nanoseconds } }
        func add(waitedForRendering nanoseconds: UInt64) { lock.withLock { rendering = (rendering ?? 0) + nanoseconds } }
        var values: (elapsed: UInt64, site: UInt64, rendering: UInt64?) { lock.withLock { (elapsed, site, rendering) } }
    }

    /// Opened once; `wait()` returns at once when open, else when it opens (and says how long
    /// it waited).
    private final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }

        func wait() -> UInt64? {
            let start = DispatchTime.now().uptimeNanoseconds
            condition.lock()
            defer { condition.unlock() }
            guard !isOpen else { return nil }
            while !isOpen { condition.wait() }
            return DispatchTime.now().uptimeNanoseconds - start
        }
    }
}
