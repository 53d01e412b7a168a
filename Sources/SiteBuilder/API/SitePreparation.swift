import Foundation
import SkillParser

/// The part of the plan step that needs neither the findings nor the duplicates: the pages and
/// their paths (`SitePlan`), what is copied where (`CopyPlan`), the theme's templates, the
/// site's language, and the output folder with the previous site's cache and listing
/// (`IncrementalOutput`). `build` starts it on a thread of its own as soon as the collection is
/// loaded, so that it runs beside the dedupe and check steps instead of after them: a profile
/// of a rebuild of agentic-awesome-skills after one changed reference had these parts at about
/// 120 ms of the plan step's main thread (the listing of the previous site alone 45 ms), while
/// the check step left one of the two cores idle.
///
/// Nothing here depends on the order it runs in: the build's outcome and output are the same as
/// when it runs inside the plan step (`SiteBuilder.build(_:options:log:)` without a preparation
/// does that). An error (templates that do not parse, an output folder that may not be
/// replaced) is thrown where the plan step would have thrown it, by `SiteBuilder.build`.
public final class SitePreparation: @unchecked Sendable {
    struct Prepared {
        var plan: SitePlan
        var copyPlan: CopyPlan
        var highlight: SiteBuilder.HighlightSource
        var language: String
        var templates: [String: MustacheTemplate]
        var folder: OutputFolder
        var output: IncrementalOutput
        /// The last build's page keys (`PageKeyMemo`), unless `--full`; why a file there was not used.
        var pageKeys: PageKeyMemo?
        var pageKeysProblem: String?
    }

    let options: SiteOptions
    /// The parts that need the graph, from `start(graph:config:inBackground:)` on.
    private var step: BackgroundStep<Prepared>?
    /// The search index made beside the steps before it (`IndexAhead`), when the build asked for it.
    let indexAhead: IndexAhead?
    private let lock = NSLock()
    /// Whether a build took the prepared output folder (it then discards or commits it).
    private var taken = false

    /// Prepares a site with `options`; the parts that need the graph start with
    /// `start(graph:config:inBackground:)`. With `indexingAhead`, a build that reuses the previous
    /// site (`options.reuse`) starts its search index at once on a thread of its own
    /// (`IndexAhead`: it reads the last build's index beside the load step); a build that may stop
    /// after its checks (`--strict`) does not, so that it leaves the build cache's index as it was.
    public convenience init(options: SiteOptions, indexingAhead: Bool = false) {
        self.init(options: options, indexingAhead: indexingAhead, assemblingAtOnceUpTo: SiteBuilder.indexBesideRenderingUpTo)
    }

    /// As above; an index of at most `assemblingAtOnceUpTo` documents made ahead is assembled
    /// without waiting for the pages (`IndexAhead`).
    init(options: SiteOptions, indexingAhead: Bool, assemblingAtOnceUpTo: Int) {
        self.options = options
        indexAhead = indexingAhead && options.reuse ? IndexAhead(options: options, assemblingAtOnceUpTo: assemblingAtOnceUpTo) : nil
    }

    /// Prepares the site of `graph` at once (on a thread of its own when `inBackground`).
    public convenience init(graph: SkillGraph, config: CollectionConfig, options: SiteOptions, inBackground: Bool = true) {
        self.init(options: options, indexingAhead: false)
        start(graph: graph, config: config, inBackground: inBackground)
    }

    /// Starts preparing the site of `graph` (on a thread of its own when `inBackground`), and
    /// hands the graph to the index made ahead. Called once, before `take()`.
    public func start(graph: SkillGraph, config: CollectionConfig, inBackground: Bool = true) {
        let options = options
        let step = BackgroundStep(inBackground: inBackground) {
            let plan = SitePlan(graph: graph)
            let theme = options.theme
            let highlight = SiteBuilder.highlightSource(theme: theme, script: options.highlightScript)
            // What is copied where is known before any page renders, so the reports list its warnings.
            let copyPlan = CopyPlan(graph: graph, pages: plan.pages, theme: theme, highlight: highlight)
            let language = LanguageGuess.language(config: config, graph: graph)
            let templates = try theme.templates()
            let folder = try OutputFolder(path: options.output, contentRoot: graph.root, force: options.force)
            // Reads the previous site's cache and lists its files.
            let output = IncrementalOutput(folder: folder, theme: theme, reuse: options.reuse)
            var pageKeys: PageKeyMemo?, pageKeysProblem: String?
            if options.reuse {
                let file = PageKeyMemo.location(for: folder.url)
                do throws(CacheDamage) {
                    pageKeys = try PageKeyMemo.read(file)
                } catch {
                    pageKeysProblem = "\(file.path) not used (\(error)): every page's key worked out"
                }
            }
            return Prepared(plan: plan, copyPlan: copyPlan, highlight: highlight, language: language,
                            templates: templates, folder: folder, output: output, pageKeys: pageKeys,
                            pageKeysProblem: pageKeysProblem)
        }
        self.step = step
        indexAhead?.start(graph: graph, prepared: step)
    }

    /// The prepared parts, waiting for them; the caller now owns the output folder.
    func take() throws -> Prepared {
        let prepared = try step!.wait()
        lock.withLock { taken = true }
        return prepared
    }

    /// For a build that stops before its site is built (`--strict` with errors, a failed step):
    /// waits for the preparation and, unless a build took it, removes the staging folder and
    /// releases the output folder's lock, leaving the previous site as it was.
    public func abandon() {
        // No index may still be writing into a folder that is being discarded.
        indexAhead?.abandon()
        guard let prepared = try? step?.wait() else { return }
        let untaken = lock.withLock { () -> Bool in
            defer { taken = true }
            return !taken
        }
        if untaken { prepared.folder.discard() }
    }
}
