import Foundation

/// The incremental figure of issue 11: a rebuild after one changed reference, as a fraction of a
/// full build of the same collection. The corpus is copied (the shared one is never written),
/// built once, then for each run one reference gets a new paragraph (a different one each run,
/// untimed) and the site is rebuilt in place from the build cache.
enum IncrementalBenchmark {
    /// Times the rebuild of `root`'s copy and adds it to `report`, with its fraction of `full`
    /// (a full build of `root` measured in the same run).
    static func run(root: String, skillbook: String, scratch: URL, runs: Int, full: Figure, report: inout BenchReport) throws {
        let copy = scratch.appendingPathComponent("incremental-collection")
        let site = scratch.appendingPathComponent("incremental-site").path
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: root), to: copy)
        defer {
            try? FileManager.default.removeItem(at: copy)
            try? FileManager.default.removeItem(atPath: site)
        }
        guard let reference = firstReference(in: copy.path) else {
            print("no reference in \(root): no incremental figure")
            return
        }
        let build = [skillbook, "build", copy.path, "-o", site, "--force", "-q"]
        _ = try ProcessTimer.run(build + ["--full"])
        var edit = 0
        let figure = try Figure.measure("rebuild after one changed reference", times: runs, prepare: {
            edit += 1
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: reference))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\nA paragraph the benchmark added, edit \(edit).\n".utf8))
        }, build)
        report.add(figure, target: "under 10% of the full build")
        report.note(String(format: "incremental: a rebuild after one changed reference took %.1f%% of the full build (%.1f%% of its cpu)",
                           100 * figure.seconds / full.seconds, 100 * figure.cpuSeconds / full.cpuSeconds))
    }

    /// The first `references/*.md` file in path order, relative paths compared as text.
    static func firstReference(in root: String) -> String? {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return nil }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".md"), path.split(separator: "/").dropLast().last == "references" { found.append(path) }
        }
        return found.min().map { root + "/" + $0 }
    }
}
