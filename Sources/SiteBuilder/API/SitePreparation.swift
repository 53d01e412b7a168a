import Foundation
import SkillParser

/// The part of the plan step that needs neither the findings nor the duplicates: the pages and
/// their paths (`SitePlan`), what is copied where (`CopyPlan`), the theme's templates, the
/// site's language, what every page shares (`SiteFrame`), and the output folder with the previous site's cache and listing
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
        var folder: OutputFolder
        var output: IncrementalOutput
        /// The last build's page keys (`PageKeyMemo`), unless `--full`; why a file there was not used.
        var pageKeys: PageKeyMemo?
        var pageKeysProblem: String?
        /// What every page shares that needs no findings (`SiteFrame`).
        var frame: SiteFrame
        /// What page keys read of the whole collection (`PageInputs.Digests`).
        var pageDigests: PageInputs.Digests
    }

    /// The parts that need neither the graph nor the findings: the theme's templates, the output
    /// folder with the previous site's cache and listing, the last build's page keys.
    struct Output {
        var templates: [String: MustacheTemplate]
        var folder: OutputFolder
        var output: IncrementalOutput
        var pageKeys: PageKeyMemo?
        var pageKeysProblem: String?
    }

    let options: SiteOptions
    /// The parts that need the graph, from `start(graph:config:inBackground:)` on.
    private var step: BackgroundStep<Prepared>?
    /// The output parts, when they were started before the graph was loaded.
    private let outputAhead: BackgroundStep<Output>?
    /// The search index made beside the steps before it (`IndexAhead`), when the build asked for it.
    let indexAhead: IndexAhead?
    private let lock = NSLock()
    /// Whether a build took the prepared output folder (it then discards or commits it).
    private var taken = false

    /// Prepares a site with `options`; the parts that need the graph start with
    /// `start(graph:config:inBackground:)`. A build that reuses the previous site (`options.reuse`)
    /// of the collection at `contentRoot` starts the output parts (`Output`) at once on a thread
    /// of its own, beside the load step, whose graph building left the second core idle; and, with
    /// `indexingAhead`, its search index (`IndexAhead`: it reads the last build's index beside
    /// the load step). A build that may stop after its checks (`--strict`) does not index ahead,
    /// so that it leaves the build cache's index as it was.
    public convenience init(options: SiteOptions, contentRoot: String? = nil, indexingAhead: Bool = false) {
        self.init(options: options, contentRoot: contentRoot, indexingAhead: indexingAhead,
                  assemblingAtOnceUpTo: SiteBuilder.indexBesideRenderingUpTo)
    }

    /// As above; an index of at most `assemblingAtOnceUpTo` documents made ahead is assembled
    /// without waiting for the pages (`IndexAhead`).
    init(options: SiteOptions, contentRoot: String?, indexingAhead: Bool, assemblingAtOnceUpTo: Int) {
        self.options = options
        outputAhead = options.reuse ? contentRoot.map { root in BackgroundStep(ahead: true) { try Self.output(options: options, contentRoot: root) } } : nil
        indexAhead = indexingAhead && options.reuse ? IndexAhead(options: options, assemblingAtOnceUpTo: assemblingAtOnceUpTo) : nil
    }

    /// Makes the output parts: the templates first, so that a theme whose templates do not parse
    /// fails before the output folder is locked.
    private static func output(options: SiteOptions, contentRoot: String) throws -> Output {
        let templates = try options.theme.templates()
        let folder = try OutputFolder(path: options.output, contentRoot: contentRoot, force: options.force)
        // Reads the previous site's cache and lists its files.
        let output = IncrementalOutput(folder: folder, theme: options.theme, reuse: options.reuse)
        var pageKeys: PageKeyMemo?, pageKeysProblem: String?
        if options.reuse {
            let file = PageKeyMemo.location(for: folder.url)
            do throws(CacheDamage) {
                pageKeys = try PageKeyMemo.read(file)
            } catch {
                pageKeysProblem = "\(file.path) not used (\(error)): every page's key worked out"
            }
        }
        return Output(templates: templates, folder: folder, output: output, pageKeys: pageKeys, pageKeysProblem: pageKeysProblem)
    }

    /// Prepares the site of `graph` at once (on a thread of its own when `inBackground`).
    public convenience init(graph: SkillGraph, config: CollectionConfig, options: SiteOptions, inBackground: Bool = true) {
        self.init(options: options)
        start(graph: graph, config: config, inBackground: inBackground)
    }

    /// Starts preparing the site of `graph` (on a thread of its own when `inBackground`), and
    /// hands the graph to the index made ahead. Called once, before `take()`.
    public func start(graph: SkillGraph, config: CollectionConfig, inBackground: Bool = true) {
        let (options, outputAhead) = (options, outputAhead)
        // The pages first, on a thread of their own: the index made ahead needs them and the
        // output folder, not the rest (`indexAhead`).
        // A rebuild's preparation yields to the dedupe and check steps meanwhile; a full build's
        // has as much to do as they have and keeps its share.
        let ahead = options.reuse
        let planning = BackgroundStep(inBackground: inBackground, ahead: ahead) { SitePlan(graph: graph) }
        let step = BackgroundStep(inBackground: inBackground, ahead: ahead) {
            let plan = try planning.wait()
            let theme = options.theme
            let highlight = SiteBuilder.highlightSource(theme: theme, script: options.highlightScript)
            // What is copied where is known before any page renders, so the reports list its warnings.
            let copyPlan = CopyPlan(graph: graph, pages: plan.pages, theme: theme, highlight: highlight)
            let language = LanguageGuess.language(config: config, graph: graph)
            let parts = try outputAhead?.wait() ?? Self.output(options: options, contentRoot: graph.root)
            let frame = SiteFrame(graph: graph, config: config, templates: parts.templates,
                                  strings: InterfaceStrings(theme: theme, language: language),
                                  hasHighlight: highlight.isAvailable, hasSearchScript: theme.has("assets/search.js"),
                                  stylesheet: theme.files["assets/site.css"].map { String(decoding: $0, as: UTF8.self) } ?? "",
                                  inlineImages: copyPlan.inlineImages)
            return Prepared(plan: plan, copyPlan: copyPlan, highlight: highlight, folder: parts.folder, output: parts.output,
                            pageKeys: parts.pageKeys, pageKeysProblem: parts.pageKeysProblem, frame: frame,
                            pageDigests: PageInputs.Digests(frame: frame, graph: graph, config: config))
        }
        self.step = step
        // The index waits for the pages and the output parts made ahead, not for the frame,
        // the copy plan and the page digests: a profile of a rebuild of agentic-awesome-skills
        // after one changed paragraph had the index patched only once those were made (~145 ms
        // of processor time beside dedupe and check), and the render step waiting for it.
        if let outputAhead {
            indexAhead?.start(graph: graph) {
                let parts = try outputAhead.wait()
                return IndexAhead.Site(plan: try planning.wait(), folder: parts.folder, output: parts.output)
            }
        } else {
            indexAhead?.start(graph: graph) {
                let prepared = try step.wait()
                return IndexAhead.Site(plan: prepared.plan, folder: prepared.folder, output: prepared.output)
            }
        }
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
        let prepared = try? step?.wait()
        // A build that stopped before its graph was loaded has only the output parts made ahead.
        guard let folder = prepared?.folder ?? (try? outputAhead?.wait())?.folder else { return }
        let untaken = lock.withLock { () -> Bool in
            defer { taken = true }
            return !taken
        }
        if untaken { folder.discard() }
    }
}
