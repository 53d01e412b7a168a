import Foundation
import SiteBuilder
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `skillbook build`: the static knowledge-base site of a collection.
enum BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build",
        summary: "Build the static site of a collection: skill pages, reports, graph, search.",
        positionals: [.init(name: "DIR", help: "The content root (default: Content/ when it exists, else the current folder).")],
        options: [
            .init(name: "output", short: "o", valueName: "OUT", help: "The output folder; _site by default."),
            .init(name: "theme", valueName: "DIR", help: "A folder whose templates and assets replace the default theme's by file name."),
            .init(name: "config", valueName: "FILE", help: "Read this configuration instead of DIR/skillbook.yml."),
            .init(name: "force", help: "Replace a non-empty output folder that was not made by skillbook build."),
            .init(name: "strict", help: "Fail (exit 1, site left as it was) when the checks find errors."),
            .init(name: "quiet", short: "q", help: "Print nothing but errors."),
            .init(name: "verbose", short: "v", help: "Print each build step with its timing, and every finding."),
            .init(name: "full", help: "Make every file anew instead of reusing the unchanged files of the previous site (files whose bytes are unchanged are still left in place)."),
            .init(name: "watch", help: "After the build, rebuild whenever a file of DIR, the theme or the configuration changes; Ctrl-C stops."),
        ],
        discussion: """
            The site is written to a temporary folder beside OUT and swapped in at the end, so a failed
            build leaves the previous site. A build reuses the files of the previous site whose inputs
            did not change (the build cache, .OUT.skillbook-cache beside OUT) and prints what it
            rebuilt; the site is the same, byte for byte, as a full build's. Open OUT/index.html straight from disk or publish OUT on any
            static host. With --watch, the folders are checked twice a second and every change is
            printed before the rebuild. See docs/site.md.

            EXIT CODES: 0 site built, 1 errors found under --strict, 2 usage error or build failure.
            """)

    /// The steps this command runs before the site builder's own.
    static let steps = ["load", "dedupe", "check"] + SiteBuilder.steps

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        if arguments.has("quiet"), arguments.has("verbose") {
            throw UsageError.invalid("--quiet and --verbose cannot be used together")
        }
        guard arguments.has("watch") else { return buildOnce(arguments, console: console) }
        if arguments.has("strict") { throw UsageError.invalid("--watch and --strict cannot be used together") }
        return BuildWatcher(arguments: arguments, root: ContentRoot.resolve(arguments.positionals.first))
            .run(console: console) { buildOnce(arguments, console: console) }
    }

    /// One build: load, check, render, index, copy, write.
    static func buildOnce(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let quiet = arguments.has("quiet")
        let verbose = arguments.has("verbose") && !quiet
        let output = arguments.value("output") ?? "_site"
        let theme: Theme
        do {
            theme = try Theme.load(overrides: arguments.value("theme"))
        } catch {
            console.error("error: \(error)\n")
            return .failure
        }
        var log = StepLog(total: steps.count) { line in if verbose { console.error(line + "\n") } }
        let progress = ProgressLine(console: console, enabled: !quiet && !verbose && console.standardErrorIsTerminal)
        let options = SiteOptions(output: output, theme: theme, force: arguments.has("force"), reuse: !arguments.has("full"),
                                  progress: { done, total in progress.show(done, total) })
        let root = ContentRoot.resolve(arguments.positionals.first)
        // A rebuild's output folder and search index are started at once, beside the load step
        // (the index not when the build may stop after its checks); the rest of the plan step's
        // parts that need no findings start once the collection is loaded, beside dedupe and check.
        let preparation = SitePreparation(options: options, contentRoot: root, indexingAhead: !arguments.has("strict"))
        defer { preparation.abandon() }
        do {
            let explicitConfig = arguments.value("config")
            // The one place that decides whether a build parses through the cache: always, but
            // `--full` reads nothing from it (it still leaves this build's parses for the next).
            // Reading the cache is part of the load step's time.
            var notes: [String] = []
            let collection = try log.run("load") {
                let cache = ParseCache(folder: CacheFolder.file(ParseCache.folderName, forOutput: URL(fileURLWithPath: output)),
                                       reuse: !arguments.has("full"))
                defer { notes = cache.notes }
                return try ContentRoot.loadCollection(root, explicitConfig: explicitConfig, cache: cache, console: console)
            }
            for note in notes { log.note(note) }
            let (graph, config, configProblems) = (collection.graph, collection.config, collection.configProblems)
            let problems = (configProblems + CheckRunner.configDiagnostics(config)).sorted()
            if !problems.isEmpty, !quiet || problems.contains(where: { $0.severity == .error }) {
                // As `check` does: the root's skillbook.yml relative to the root, a --config path as given.
                var text = DiagnosticText(color: console.colorOnStandardError, displayPath: ContentRoot.displayPath(for: graph))
                if explicitConfig != nil { text.displayPath = { $0 } }
                console.error(text.format(problems))
            }
            if problems.contains(where: { $0.severity == .error }) {
                console.error("error: the configuration has errors; fix them and run again\n")
                return .failure
            }
            preparation.start(graph: graph, config: config)
            let checks = BuildChecks(output: output, reuse: !arguments.has("full"), graph: graph, config: config)
            defer { checks.finish() }
            let duplicates = BuildDuplicates(output: output, reuse: !arguments.has("full"))
            defer { duplicates.finish() }
            let clusters = try log.run("dedupe") { duplicates.clusters(in: graph) }
            if let note = duplicates.note { log.note(note) }
            // What the duplicates report shows of the clusters, made beside the check step.
            let groups = BackgroundStep { BuildFindings.groups(clusters) }
            let diagnostics = try log.run("check") {
                checks.diagnostics(graph: graph, clusters: clusters) + problems
            }
            if let note = checks.note { log.note(note) }
            // The work cannot fail.
            let input = SiteInput(graph: graph, config: config, diagnostics: diagnostics, duplicates: try! groups.wait())

            // Only --strict needs them (a copy of each error: 2 ms for agentic-awesome-skills' 1,955).
            let errors = arguments.has("strict") ? input.diagnostics.filter { $0.severity == .error } : []
            if !errors.isEmpty {
                ContentRoot.report(errors, of: graph, console: console)
                console.error("error: \(errors.count == 1 ? "1 error" : "\(errors.count) errors") found; --strict leaves \(output) as it was\n")
                return .findings
            }
            if verbose { ContentRoot.report(input.diagnostics.filter { !problems.contains($0) }, of: graph, console: console) }

            let summary = try SiteBuilder.build(input, prepared: preparation, log: &log)
            // With the steps' own holders, whose values (the prepared plan, the checks' and
            // duplicates' caches) were otherwise freed object by object at the end: 3-4 ms (perf).
            KeptUntilExit.keep((input, summary.kept, preparation, groups, checks, duplicates))
            progress.clear()
            if verbose { for note in summary.notes { console.error("note: \(note)\n") } }
            if !summary.problems.isEmpty, !verbose { ContentRoot.report(summary.problems, of: graph, console: console) }
            if !quiet {
                let seconds = log.steps.reduce(0) { $0 + $1.seconds }
                let findings = input.diagnostics.isEmpty ? "" : "; \(findingsSummary(input.diagnostics)) in \(output)/\(reportPath)"
                console.output("Built \(summary.pages) pages into \(output) in \(StepLog.format(seconds))\(findings).\n")
                if let reuse = summary.reuse { console.output(rebuiltSummary(reuse) + "\n") }
                if let sizes = summary.searchIndex { console.output("Search index: \(sizes.summary).\n") }
                let index = URL(fileURLWithPath: summary.output).appendingPathComponent("index.html")
                console.output("Open \(index.absoluteString) in a browser, or publish \(output)/ on any static host.\n")
            }
            return .success
        } catch {
            console.error("error: \(error)\n")
            return .failure
        }
    }

    static let reportPath = "reports/diagnostics.html"

    /// "Rebuilt 2 pages: a/index.html, a/references/b.html; reused 310 unchanged files."
    static func rebuiltSummary(_ reuse: SiteBuilder.Reuse) -> String {
        let pages = reuse.rebuiltPages
        let files = "reused \(reuse.reusedFiles) unchanged file\(reuse.reusedFiles == 1 ? "" : "s")"
        guard !pages.isEmpty else { return "Rebuilt no pages; \(files)." }
        let shown = pages.prefix(10).joined(separator: ", ") + (pages.count > 10 ? " and \(pages.count - 10) more" : "")
        return "Rebuilt \(pages.count) page\(pages.count == 1 ? "" : "s"): \(shown); \(files)."
    }

    static func findingsSummary(_ diagnostics: [Diagnostic]) -> String {
        // Counted in one pass, without copying the findings (13,000 for agentic-awesome-skills).
        var counts: [Severity: Int] = [:]
        for diagnostic in diagnostics { counts[diagnostic.severity, default: 0] += 1 }
        var parts: [String] = []
        for severity in Severity.allCases.reversed() {
            let count = counts[severity, default: 0]
            if count > 0 { parts.append("\(count) \(severity.rawValue)\(count == 1 ? "" : "s")") }
        }
        return parts.joined(separator: ", ")
    }
}

/// `Rendering pages 1200/4350` on one terminal line, for collections big enough to wait for.
struct ProgressLine: Sendable {
    let console: Console
    let enabled: Bool
    static let minimumPages = 200

    func show(_ done: Int, _ total: Int) {
        guard enabled, total >= Self.minimumPages else { return }
        console.error("\rRendering pages \(done)/\(total)")
    }

    func clear() {
        guard enabled else { return }
        console.error("\r\u{1B}[K")
    }
}
