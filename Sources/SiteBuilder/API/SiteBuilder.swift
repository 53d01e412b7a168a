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
    }

    /// Files of the previous site reused as they were, and the pages made anew.
    public struct Reuse: Sendable {
        public var reusedFiles: Int
        /// Site paths of the pages rendered again, sorted.
        public var rebuiltPages: [String]
    }

    public static func build(_ input: SiteInput, options: SiteOptions, log: inout StepLog) throws -> Summary {
        var notes: [String] = []
        let (plan, site, folder) = try log.run("plan") { () throws -> (SitePlan, SiteContext, OutputFolder) in
            var plan = SitePlan(graph: input.graph)
            var withProblems = input
            withProblems.diagnostics = (input.diagnostics + siteProblems(plan.problems, input)).sorted()
            let theme = options.theme
            let highlight = Self.highlightSource(theme: theme, script: options.highlightScript)
            if !theme.overridden.isEmpty { notes.append("theme files overridden: " + theme.overridden.joined(separator: ", ")) }
            if case .missing(let path) = highlight {
                notes.append("no syntax highlighting: \(path ?? "highlight.js") not found (install libjs-highlight.js)")
            }
            let language = LanguageGuess.language(config: input.config, graph: input.graph)
            let site = SiteContext(input: withProblems, templates: try theme.templates(),
                                   strings: InterfaceStrings(theme: theme, language: language),
                                   hasHighlight: highlight.isAvailable, hasSearchScript: theme.has("assets/search.js"),
                                   stylesheet: theme.files["assets/site.css"].map { String(decoding: $0, as: UTF8.self) } ?? "")
            plan.addReportPages(site.diagnosticsReport.pages + site.duplicatesReport.pages + site.graphReport.pages)
            let folder = try OutputFolder(path: options.output, contentRoot: input.graph.root, force: options.force)
            return (plan, site, folder)
        }
        do {
            let output = IncrementalOutput(folder: folder, theme: options.theme, reuse: options.reuse)
            let assets = try log.run("render") {
                try renderPages(plan.pages, site: site, folder: folder, output: output, progress: options.progress)
            }
            let index = try log.run("index") { () throws -> SearchIndexStep.Output in
                let pages = plan.pages.map { page -> SearchIndexStep.Page in
                    var source: String?
                    if case .document(let path) = page.kind { source = path }
                    if case .skill(let index) = page.kind { source = input.graph.skills[index].skillFile }
                    return SearchIndexStep.Page(path: page.path, title: title(of: page, site: site), source: source)
                }
                try folder.createFolders(for: SearchIndexStep.folderSamples)
                // Each index file is written as soon as it is made (the index is never held twice);
                // as in the copy step, a page's path and the site marker keep theirs.
                return try SearchIndexStep.build(graph: input.graph, config: input.config, pages: pages) { path, data in
                    guard !plan.isTaken(path), path != OutputFolder.markerName else { return false }
                    try output.emit(path, hash: .of(data)) { try folder.write(data, to: path) }
                    return true
                }
            }
            var extraFiles: [String: Data] = [:]
            if let list = HomePage.skillList(site: site) { extraFiles[HomePage.listPath] = list }
            var files = plan.pages.count + index.paths.count
            let copied = try log.run("copy") {
                try copyFiles(site: site, plan: plan, assets: assets, extra: extraFiles, written: index.paths,
                              options: options, folder: folder, output: output)
            }
            files += copied.count
            try log.run("write") {
                if let base = input.config.baseURL {
                    let pages = plan.pages.filter { $0.kind != .notFound && $0.kind != .search }.map(\.path)
                    let sitemap = Data(Sitemap.render(pages: pages, baseURL: base).utf8)
                    try output.emit(GeneratedPaths.sitemap, hash: .of(sitemap)) { try folder.write(sitemap, to: GeneratedPaths.sitemap) }
                    files += 1
                }
                let llms = Data(LLMsText.render(site: site).utf8)
                try output.emit(GeneratedPaths.llms, hash: .of(llms)) { try folder.write(llms, to: GeneratedPaths.llms) }
                files += 1
                output.forgetPrevious()
                try folder.commit()
                output.save()
            }
            let pagePaths = Set(plan.pages.map(\.path))
            let reuse = output.hasPrevious
                ? Reuse(reusedFiles: output.reused, rebuiltPages: output.madePaths.filter(pagePaths.contains)) : nil
            return Summary(output: folder.url.path, pages: plan.pages.count, files: files,
                           problems: siteProblems(plan.problems + copied.shadowed, input), notes: notes,
                           searchIndex: index.sizes, reuse: reuse)
        } catch {
            folder.discard()
            throw error
        }
    }

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

    /// Renders and writes every page on all cores; returns the collection files pages link to.
    private static func renderPages(_ pages: [PlannedPage], site: SiteContext, folder: OutputFolder,
                                    output: IncrementalOutput, progress: (@Sendable (Int, Int) -> Void)?) throws -> [String] {
        try folder.createFolders(for: pages.map(\.path))
        let renderer = PageRenderer(site: site)
        let counter = ProgressCounter(total: pages.count, report: progress)
        let results = Parallel.map(pages) { page -> Result<[String], any Error> in
            defer { counter.increment() }
            do {
                let model = try renderer.model(page)
                try output.emit(page.path, hash: model.contentHash) { try folder.write(try renderer.html(model), to: page.path) }
                return .success(model.assets)
            } catch {
                return .failure(PageError(page: page.path, underlying: error))
            }
        }
        var assets = Set<String>()
        for result in results {
            switch result {
            case .success(let paths): assets.formUnion(paths)
            case .failure(let error): throw error
            }
        }
        return assets.sorted()
    }

    /// Theme assets, highlight.js, the Markdown sources beside their pages, files the pages link
    /// to, and `extra` files; the paths `written` (the index step's) are left alone. Returns how many files were written, and warnings
    /// for collection files that a theme file of the same path keeps out of the site.
    private static func copyFiles(site: SiteContext, plan: SitePlan, assets: [String], extra: [String: Data],
                                  written: [String], options: SiteOptions, folder: OutputFolder,
                                  output: IncrementalOutput) throws -> (count: Int, shadowed: [Diagnostic]) {
        var shadowed: [Diagnostic] = []
        // Decide what goes where first (theme assets before collection files of the same name),
        // then read and write on all cores.
        var sources: [(path: String, from: FileSource)] = []
        var taken = Set<String>()
        func add(_ path: String, _ source: FileSource) {
            guard !plan.isTaken(path), path != OutputFolder.markerName, taken.insert(path).inserted else { return }
            sources.append((path, source))
        }
        for asset in options.theme.assets { add(asset.path, .data(asset.data)) }
        if case .file(let path) = highlightSource(theme: options.theme, script: options.highlightScript) {
            add("assets/highlight.min.js", .file(path))
        }
        for (path, data) in extra.sorted(by: { $0.key < $1.key }) { add(path, .data(data)) }
        // The index step's files, already written, keep their paths.
        taken.formUnion(written)
        let root = URL(fileURLWithPath: site.graph.root)
        for path in site.graph.documents.map(\.path) + assets {
            let published = SitePaths.file(forSource: path)
            if options.theme.has(published) {
                shadowed.append(Diagnostic(.warning, code: "site-path-collision",
                                           "\(path) is linked from the collection but the theme's \(published) takes its place in the site",
                                           at: SourceLocation(file: path, line: 1),
                                           suggestion: "rename or move the file; the theme's files sit under assets/"))
            }
            add(published, .file(root.appendingPathComponent(path).path))
        }
        let planned = sources
        try folder.createFolders(for: planned.map(\.path))
        let failures = Parallel.map(planned) { path, source -> (any Error)? in
            do {
                let data: Data
                switch source {
                case .data(let bytes): data = bytes
                case .file(let file):
                    // Read, not copied: a symbolic link inside the collection becomes a plain file.
                    guard let bytes = FileManager.default.contents(atPath: file) else { return nil }
                    data = bytes
                }
                try output.emit(path, hash: .of(data)) { try folder.write(data, to: path) }
                return nil
            } catch {
                return PageError(page: path, underlying: error)
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        return (planned.count, shadowed)
    }

    /// Where a copied file's bytes come from.
    enum FileSource {
        case data(Data)
        case file(String)
    }

    enum HighlightSource {
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

    private static func title(of page: PlannedPage, site: SiteContext) -> String {
        switch page.kind {
        case .home: site.siteTitle
        case .skill(let index): site.graph.document(at: site.graph.skills[index].skillFile)?.title ?? site.graph.skills[index].name
        case .document(let path): site.graph.document(at: path)?.title ?? path
        case .diagnostics: site.strings["diagnostics"]
        case .diagnosticsPart(let code, _): site.strings.text("diagnosticsOfCode", ["code": code])
        case .duplicates: site.strings["duplicates"]
        case .duplicatesPart(let part): site.strings.text("duplicatesPage", ["part": "\(part)"])
        case .graph: site.strings["skillGraph"]
        case .graphPart(let part): site.strings.text("graphPage", ["part": "\(part)"])
        case .search: site.strings["search"]
        case .notFound: site.strings["pageNotFound"]
        }
    }
}
