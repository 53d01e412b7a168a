import Foundation

/// The incremental figures of issue 11: a rebuild after one changed reference, as a fraction of a
/// full build of the same collection. The corpus is copied (the shared one is never written),
/// built once, then for each run one reference gets a new paragraph (a different one each run,
/// untimed) and the site is rebuilt in place from the build cache.
///
/// A paragraph changes no rule, and a rebuild that changed no rule takes the last duplicate
/// clusters as they are; so a second figure appends a rule instead (a list item, different each
/// run), which makes the rebuild match the new rule against every other one: both are printed,
/// each with its fraction of the full build.
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
        let edits: [(name: String, text: (Int) -> String)] = [
            ("rebuild after one changed reference", { "\nA paragraph the benchmark added, edit \($0).\n" }),
            ("rebuild after one changed rule", { "\n- Always validate the input of edit \($0) before you store it.\n" }),
        ]
        for (name, text) in edits {
            let figure = try Figure.measure(name, times: runs, prepare: {
                edit += 1
                try append(text(edit), to: reference)
            }, build)
            report.add(figure, target: "under 10% of the full build", partOf: full)
            // The slowest run too: a rebuild that must write much more than its change (every
            // document file of the search index, say) shows there, not in the median.
            let slowest = figure.runs.map(\.seconds).max() ?? 0
            report.note(String(format: "incremental: a %@ took %.1f%% of the full build (%.1f%% of its cpu); the slowest of %d runs %.2f s, %.1f%%",
                               name, 100 * figure.seconds / full.seconds, 100 * figure.cpuSeconds / full.cpuSeconds,
                               figure.runs.count, slowest, 100 * slowest / full.seconds))
        }
    }

    private static func append(_ text: String, to file: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
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
