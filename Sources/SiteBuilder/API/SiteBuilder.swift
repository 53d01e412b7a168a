import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Renders a skill graph into a static site, atomically, in named steps:
/// plan, render, index, copy, write.
public enum SiteBuilder {
    /// The steps `build` runs, in order; a caller adds its own (load, dedupe, check) before them.
    public static let steps = ["plan", "render", "index", "copy", "write"]

    /// What a build produced.
    public struct Summary: Sendable {
        /// The output folder, absolute.
        public var output: String
        public var pages: Int
        public var files: Int
        /// Problems of the site itself (colliding page paths); the reports list them too.
        public var problems: [Diagnostic]
        /// Lines for `--verbose`: overridden theme files, missing highlight.js.
        public var notes: [String]
        /// Sizes of the search index, when one was built.
        public var searchIndex: SearchIndexSizes? = nil
        /// What the build cache saved: `nil` when there was no previous site to reuse from.
        public var reuse: Reuse? = nil
        /// The build's own large values (the site's shared context, the plan, the previous site's
        /// listing), for a caller about to exit to keep instead of freeing them object by object:
        /// about 20 ms of processor time at the end of a rebuild of agentic-awesome-skills.
        public var kept: (any Sendable)? = nil
    }

    /// Files of the previous site reused as they were, and the pages made anew.
    public struct Reuse: Sendable {
        public var reusedFiles: Int
        /// Site paths of the pages rendered again, sorted.
        public var rebuiltPages: [String]
    }

    public static func build(_ input: SiteInput, options: SiteOptions, log: inout StepLog) throws -> Summary {
        let preparation = SitePreparation(graph: input.graph, config: input.config, options: options, inBackground: false)
        defer { preparation.abandon() }
        return try build(input, prepared: preparation, log: &log)
    }

    /// Builds the site with the parts `preparation` made beside the steps before (`SitePreparation`),
    /// with its options.
    public static func build(_ input: SiteInput, prepared preparation: SitePreparation, log: inout StepLog) throws -> Summary {
        let options = preparation.options
        var notes: [String] = []
        var pageKeys: PageKeyMemo?
        let (plan, copyPlan, site, inputs, folder, output) = try log.run("plan") {
            () throws -> (SitePlan, CopyPlan, SiteContext, PageInputs, OutputFolder, IncrementalOutput) in
            let prepared = try preparation.take()
            pageKeys = prepared.pageKeys
            if let problem = prepared.pageKeysProblem { notes.append(problem) }
            var plan = prepared.plan
            let copyPlan = prepared.copyPlan
            let theme = options.theme
            let highlight = prepared.highlight
            var withProblems = input
            // `input.diagnostics` are sorted (`SiteInput`): sorted again only with problems of the site's own.
            let problems = siteProblems(plan.problems + copyPlan.shadowed, input)
            if !problems.isEmpty { withProblems.diagnostics = (input.diagnostics + problems).sorted() }
            if !theme.overridden.isEmpty { notes.append("theme files overridden: " + theme.overridden.joined(separator: ", ")) }
            if case .missing(let path) = highlight {
                notes.append("no syntax highlighting: \(path ?? "highlight.js") not found (install libjs-highlight.js)")
            }
            let site = SiteContext(input: withProblems, frame: prepared.frame)
            plan.addReportPages(site.diagnosticsReport.pages + site.duplicatesReport.pages + site.graphReport.pages)
            return (plan, copyPlan, site, PageInputs(site: site, digests: prepared.pageDigests), prepared.folder, prepared.output)
        }
        do {
            // The search index needs the graph and the plan, not the pages: a rebuild's was started
            // from the end of the load step (`IndexAhead`); otherwise, for a small collection it is
            // built and written while the pages render, and the index step waits for what is left.
            let indexAhead = preparation.indexAhead
            let indexing = indexAhead?.step ?? BackgroundStep(inBackground: input.graph.documents.count <= indexBesideRenderingUpTo) {
                let cache = SearchIndexStep.Cache(file: SearchIndexStep.cacheLocation(for: folder.url), reuse: options.reuse)
                return try SiteBuilder.index(graph: input.graph, plan: plan, folder: folder, output: output, cache: cache, previous: nil)
            }
            // llms.txt and the sitemap need the site's context, not the pages or the index: their
            // inputs' digests, and the text of those the previous site cannot keep
            // (`IncrementalOutput.keeps`), are made on a thread of their own while those are,
            // and written in the write step.
            let generating = BackgroundStep { () -> GeneratedFiles in
                let sitemap = input.config.baseURL.map { base -> GeneratedFiles.Sitemap in
                    let pages = plan.pages.filter { $0.kind != .notFound && $0.kind != .search }.map(\.path)
                    let digest = Sitemap.digest(pages: pages, baseURL: base)
                    let text = output.keeps(GeneratedPaths.sitemap, hash: digest) ? nil : Sitemap.render(pages: pages, baseURL: base)
                    return .init(pages: pages, base: base, digest: digest, text: text)
                }
                let entries = LLMsText.Entries(site: site)
                let digest = entries.digest
                let text = output.keeps(GeneratedPaths.llms, hash: digest) ? nil : LLMsText.render(entries)
                return GeneratedFiles(sitemap: sitemap, llms: .init(entries: entries, digest: digest, text: text))
            }
            // The copy step's files outside the index's folder do not depend on the index, which
            // writes only there: they are copied on a thread of their own while the pages render
            // and the index is built, filling the cores those steps leave idle (the index's
            // assembly runs on one) with the kernel's file creation. The files under the index's
            // folder that the index does not write are copied after it, as before.
            var extraFiles: [String: FileSource] = [:]
            // Made by the copying thread (3 ms of the main thread between the plan and render steps, perf).
            if HomePage.isCompact(site) { extraFiles[HomePage.listPath] = .made { HomePage.skillList(site: site) ?? Data() } }
            let indexFolder = SearchIndexStep.folder + "/"
            let copiedBeside = copyPlan.files(extra: extraFiles, written: [], plan: plan).filter { !$0.path.hasPrefix(indexFolder) }
            var copying: BackgroundStep<Int>?
            var writingKeys: BackgroundStep<Void>?
            let index: SearchIndexStep.Output
            var files = plan.pages.count
            do {
                try log.run("render") {
                    // The pages' folders and the copied files' are made once, here, before either
                    // writes (made on two threads at once, each would make all of them).
                    try output.createFolders(for: plan.pages.map(\.path) + copiedBeside.map(\.path))
                    copying = BackgroundStep { try copyFiles(copiedBeside, folder: folder, output: output) }
                    let keys = try renderPages(plan.pages, site: site, inputs: inputs, folder: folder, output: output,
                                               previous: pageKeys, progress: options.progress)
                    // Written beside the steps that follow, only when it changed.
                    if keys != pageKeys {
                        let file = PageKeyMemo.location(for: folder.url)
                        writingKeys = BackgroundStep { try keys.write(to: file) }
                    }
                }
                indexAhead?.mayAssemble()
                index = try log.run("index", detail: { _ in indexAhead?.summary }) { try indexing.wait() }
                files += index.paths.count
                files += try log.run("copy") {
                    let afterIndex = copyPlan.files(extra: extraFiles, written: index.paths, plan: plan).filter { $0.path.hasPrefix(indexFolder) }
                    return try (copying?.wait() ?? 0) + copyFiles(afterIndex, folder: folder, output: output)
                }
            } catch {
                // No step may still be writing into a folder that is being discarded.
                indexAhead?.mayAssemble()
                _ = try? (try? indexing.wait())?.cacheWrites?.wait()
                _ = try? copying?.wait()
                _ = try? writingKeys?.wait()
                throw error
            }
            if let problem = index.cacheProblem { notes.append(problem) }
            if options.reuse {
                notes.append("search index: \(index.recounted) of \(index.documents) documents counted anew, the others' counts taken from the build cache"
                    + (index.patched ? "; the last build's index patched with them" : "; the index assembled from every document's counts"))
                if index.patched {
                    notes.append("search index: \(index.unchangedFiles) of \(index.termFiles) dictionary and postings files as the last build wrote them;"
                        + " \(index.firstQueriesKept) of \(index.firstQueries) sample first queries' files kept, the others searched anew")
                }
            }
            try log.run("write") {
                // Keyed on what they are made from: made here only when that changed and the
                // thread above did not make them (it makes those the previous site cannot keep).
                let generated = try! generating.wait()
                if let sitemap = generated.sitemap {
                    try output.emit(GeneratedPaths.sitemap, hash: sitemap.digest) {
                        try folder.write(sitemap.text ?? Sitemap.render(pages: sitemap.pages, baseURL: sitemap.base), to: GeneratedPaths.sitemap)
                    }
                    files += 1
                }
                try output.emit(GeneratedPaths.llms, hash: generated.llms.digest) {
                    try folder.write(generated.llms.text ?? LLMsText.render(generated.llms.entries), to: GeneratedPaths.llms)
                }
                files += 1
                try output.commit()
                // A memo that could not be written costs the next build its keys, nothing else.
                _ = try? writingKeys?.wait()
            }
            // The index's cache files, written while the steps after it ran.
            _ = try? index.cacheWrites?.wait()
            let pagePaths = Set(plan.pages.map(\.path))
            let reuse = output.hasPrevious
                ? Reuse(reusedFiles: output.reused, rebuiltPages: output.madePaths.filter(pagePaths.contains)) : nil
            return Summary(output: folder.url.path, pages: plan.pages.count, files: files,
                           problems: siteProblems(plan.problems + copyPlan.shadowed, input), notes: notes,
                           searchIndex: index.sizes, reuse: reuse, kept: (site, plan, copyPlan, output, index))
        } catch {
            folder.discard()
            throw error
        }
    }

    /// `sitemap.xml` and `llms.txt` as the write step emits them: what each is made from, its
    /// digest, and its text when it was made ahead.
    struct GeneratedFiles: Sendable {
        struct Sitemap: Sendable {
            var pages: [String]
            var base: String
            var digest: ContentHash
            var text: String?
        }

        struct LLMs: Sendable {
            var entries: LLMsText.Entries
            var digest: ContentHash
            var text: String?
        }

        var sitemap: Sitemap?
        var llms: LLMs
    }

    /// Collections of at most this many documents are indexed while their pages render, which
    /// took Content/'s build (155 pages; `build -v`'s steps summed) from 0.39 to 0.28 s; larger ones are
    /// indexed after, so that the two steps' memory does not add up: agentic-awesome-skills
    /// (4,350 documents) peaked at 620 MiB side by side, 500 MiB one after the other. The
    /// synthetic collections of 1,000 skills (3,500 documents) and more stay on one side, so
    /// `make bench`'s growth figures compare like with like.
    static let indexBesideRenderingUpTo = 1_000

    /// Problems of the site with the collection's configuration applied (severity, ignore globs,
    /// suppressions), as `check` applies it to its own.
    private static func siteProblems(_ problems: [Diagnostic], _ input: SiteInput) -> [Diagnostic] {
        CheckRunner.configured(problems, graph: input.graph, config: input.config)
    }

    /// The error of one page, naming it.
    struct PageError: Error, CustomStringConvertible {
        var page: String
        var underlying: any Error
        var description: String { "\(page): \(underlying)" }
    }

    /// Renders and writes every page on all cores. Returns the input keys of the skill and
    /// document pages for the next build (`PageKeyMemo`); a key `previous` holds for a page under
    /// the same world and own inputs is taken from it instead of being worked out.
    private static func renderPages(_ pages: [PlannedPage], site: SiteContext, inputs: PageInputs, folder: OutputFolder,
                                    output: IncrementalOutput, previous: PageKeyMemo?,
                                    progress: (@Sendable (Int, Int) -> Void)?) throws -> PageKeyMemo {
        try output.createFolders(for: pages.map(\.path))
        let renderer = PageRenderer(site: site)
        let world = inputs.world
        let counter = ProgressCounter(total: pages.count, report: progress)
        let results = Parallel.map(pages) { page -> (failure: (any Error)?, memo: PageKeyMemo.Entry?) in
            defer { counter.increment() }
            do {
                // A page with an input key (skill, document, report detail) is reused without
                // being made when its inputs are unchanged; the others are keyed on their model.
                // "Related skills" and "Referenced by" are part of both the key and the model,
                // worked out once, and only when needed: a key from the memo needs neither.
                let local = inputs.localDigest(for: page)
                var relations: Relations.Lists?
                let key: ContentHash?
                if let local, let known = previous?.key(for: page.path, local: local, world: world) {
                    key = known
                } else {
                    relations = Relations.of(page, site: site)
                    key = inputs.key(for: page, relations: relations)
                }
                if let key {
                    try output.emit(page.path, hash: key) {
                        let shown = relations ?? Relations.of(page, site: site)
                        return try folder.write(try renderer.htmlBytes(try renderer.model(page, relations: shown)), to: page.path)
                    }
                } else {
                    let model = try renderer.model(page)
                    try output.emit(page.path, hash: model.contentHash) { try folder.write(try renderer.htmlBytes(model), to: page.path) }
                }
                return (nil, local.flatMap { local in key.map { PageKeyMemo.Entry(local: local, key: $0) } })
            } catch {
                return (PageError(page: page.path, underlying: error), nil)
            }
        }
        if let failure = results.lazy.compactMap(\.failure).first { throw failure }
        var entries: [String: PageKeyMemo.Entry] = [:]
        entries.reserveCapacity(pages.count)
        for (page, result) in zip(pages, results) { if let entry = result.memo { entries[page.path] = entry } }
        return PageKeyMemo(world: world, entries: entries)
    }

    /// Writes the files of the copy plan (`CopyPlan` decides what goes where) on all cores;
    /// returns how many there were.
    private static func copyFiles(_ planned: [(path: String, from: FileSource)], folder: OutputFolder,
                                  output: IncrementalOutput) throws -> Int {
        try output.createFolders(for: planned.map(\.path))
        let failures = Parallel.map(planned) { path, source -> (any Error)? in
            do {
                let data: Data
                switch source {
                case .data(let bytes): data = bytes
                case .made(let make): data = make()
                case .file(let file):
                    // Read, not linked: a symbolic link inside the collection becomes a plain file.
                    guard let bytes = FileManager.default.contents(atPath: file) else { return nil }
                    data = bytes
                case .source(let file, let digest):
                    // A Markdown source whose digest the loader took: neither read nor hashed again,
                    // and copied by the kernel when it changed (through a symbolic link, as above).
                    try output.emit(path, hash: .ofSource(digest)) { try folder.copy(file, to: path) }
                    return nil
                }
                try output.emit(path, hash: .of(data)) { try folder.write(data, to: path) }
                return nil
            } catch {
                return PageError(page: path, underlying: error)
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        return planned.count
    }

    /// Where a copied file's bytes come from.
    enum FileSource: Sendable {
        case data(Data)
        case file(String)
        /// A loaded Markdown file, with the digest of the bytes it was parsed from.
        case source(String, digest: ContentHash)
        /// Bytes the build makes, made where the file is written.
        case made(@Sendable () -> Data)
    }

    enum HighlightSource: Sendable {
        case theme
        case file(String)
        case missing(String?)

        var isAvailable: Bool {
            if case .missing = self { return false }
            return true
        }
    }

    static func highlightSource(theme: Theme, script: String?) -> HighlightSource {
        if theme.has("assets/highlight.min.js") { return .theme }
        guard let script, FileManager.default.isReadableFile(atPath: script) else { return .missing(script) }
        return .file(script)
    }

    /// Makes the search index of `graph` for the pages of `plan` and writes its files into the
    /// staging folder (`SearchIndexStep.build`): by this build's thread for it, or by `IndexAhead`'s.
    static func index(graph: SkillGraph, plan: SitePlan, folder: OutputFolder, output: IncrementalOutput,
                      cache: SearchIndexStep.Cache, previous: SearchIndexStep.Previous?) throws -> SearchIndexStep.Output {
        try output.createFolders(for: SearchIndexStep.folderSamples)
        // Each index file is written as soon as it is made (the index is never held twice);
        // as in the copy step, a page's path and the site marker keep theirs. The report pages,
        // added to the plan after the checks, are in folders of their own (`SitePlan.reservedFolders`).
        return try SearchIndexStep.build(graph: graph, sources: SearchIndexStep.sources(of: plan.pages, graph: graph),
                                         cache: cache, previous: previous) { path, digest, contents in
            guard !plan.isTaken(path), path != OutputFolder.markerName else { return false }
            try output.emit(path, hash: digest) { try folder.write(contents(), to: path) }
            return true
        }
    }
}
