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
///
/// The full build and the two rebuilds are timed in turn, round by round (the full build of the
/// corpus into its own site, then a paragraph and a rule into the copy), so that a fraction
/// compares runs that saw the same machine: timed a minute or more apart, a shared machine's
/// drift moved the fractions more than any change did (one run's full build took 4.6 times the
/// floor while the others took 3.4 to 3.9). The copy's site sees only its own rebuilds, in the
/// order an editor makes them.
struct IncrementalBenchmark {
    let copy: URL
    let site: String
    let reference: String
    let skillbook: String

    /// What `measure` timed: the full build, and the paragraph and rule rebuilds, their runs in round order.
    struct Measured {
        var full: Figure
        var rebuilds: [Figure]
    }

    /// Copies `root` into `scratch` and builds the copy's site once, untimed; `nil` when the
    /// collection has no reference to change (then there is no incremental figure).
    init?(root: String, skillbook: String, scratch: URL) throws {
        copy = scratch.appendingPathComponent("incremental-collection")
        site = scratch.appendingPathComponent("incremental-site").path
        self.skillbook = skillbook
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: root), to: copy)
        guard let reference = Self.firstReference(in: copy.path) else {
            print("no reference in \(root): no incremental figure")
            try? FileManager.default.removeItem(at: copy)
            return nil
        }
        self.reference = reference
        _ = try ProcessTimer.run(build + ["--full"])
    }

    private var build: [String] { [skillbook, "build", copy.path, "-o", site, "--force", "-q"] }

    /// Times `full` (its name and command) and the two rebuilds in turn, `runs` rounds.
    func measure(full: (name: String, command: [String]), runs: Int) throws -> Measured {
        var edit = 0
        let edits: [(name: String, text: (Int) -> String)] = [
            ("rebuild after one changed reference", { "\nA paragraph the benchmark added, edit \($0).\n" }),
            ("rebuild after one changed rule", { "\n- Always validate the input of edit \($0) before you store it.\n" }),
        ]
        let turns = [Figure.Turn(name: full.name, command: full.command)] + edits.map { name, text in
            Figure.Turn(name: name, prepare: {
                edit += 1
                try Self.append(text(edit), to: reference)
            }, command: build)
        }
        let figures = try Figure.measureInTurn(turns, times: runs)
        return Measured(full: figures[0], rebuilds: Array(figures.dropFirst()))
    }

    /// Adds the rebuilds to `report`, each with its fraction of the full build.
    static func report(_ measured: Measured, into report: inout BenchReport) {
        let full = measured.full
        for figure in measured.rebuilds {
            report.add(figure, target: "under 10% of the full build", partOf: full)
            // The slowest run too: a rebuild that must write much more than its change (every
            // document file of the search index, say) shows there, not in the median.
            let slowest = figure.runs.map(\.seconds).max() ?? 0
            report.note(String(format: "incremental: a %@ took %.1f%% of the full build (%.1f%% of its cpu; %.1f%% the median "
                               + "of each turn's fraction); the slowest of %d runs %.2f s, %.1f%%",
                               figure.name, 100 * figure.seconds / full.seconds, 100 * figure.cpuSeconds / full.cpuSeconds,
                               100 * Figure.medianRatio(figure, of: full), figure.runs.count, slowest, 100 * slowest / full.seconds))
        }
    }

    /// Removes the copy and its site.
    func remove() {
        try? FileManager.default.removeItem(at: copy)
        try? FileManager.default.removeItem(atPath: site)
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
