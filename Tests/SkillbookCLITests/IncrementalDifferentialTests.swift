import Foundation
import Testing
import TestSupport

/// A differential test of incremental builds: seeded random edits of a small but rich collection
/// (`DifferentialFixture`), and after each one a rebuild from the previous site and its caches
/// must give the same bytes, exit code and diagnostics as a `--full` build. Hand-picked cases
/// (`IncrementalBuildTests`) test the inputs someone thought of; this finds the ones a cache key
/// forgot. A failure names the first differing file and prints the edits that led to it, as
/// Swift to paste into `regressions` below.
///
/// `make fuzz-incremental` runs it longer: `SKILLBOOK_DIFFERENTIAL_SEEDS` seeds of
/// `SKILLBOOK_DIFFERENTIAL_EDITS` edits on the fixture, then on copies of the corpora in
/// `../shared/corpora` (skipped when absent). `SKILLBOOK_DIFFERENTIAL_MINIMIZE=1` shortens a
/// failing sequence before printing it (it replays the edits many times).
@Suite struct IncrementalDifferentialTests {
    static let environment = ProcessInfo.processInfo.environment
    static let longRun = environment["SKILLBOOK_DIFFERENTIAL_SEEDS"] != nil

    /// Two short sequences keep `make test` quick; their seeds are arbitrary and fixed.
    @Test(arguments: [UInt64(0x5EED_0001), 0x5EED_0002])
    func seededEditsRebuildAsAFullBuildDoes(seed: UInt64) throws {
        try Self.run(seed: seed, edits: 18)
    }

    /// Edit sequences that made a rebuild differ from a full build, found by the seeded runs and
    /// shortened (`SKILLBOOK_DIFFERENTIAL_MINIMIZE=1`), each named for the input its key missed.
    static let regressions: [String: [CollectionEdit]] = [
        // Found with `PageInputs` made to forget the line anchors reports link to (a check that
        // this test sees such a key): a rule restated in a new skill gives alpha's unchanged
        // page an `L12` anchor.
        "a rule restated elsewhere anchors an unchanged page's line": [
            .write("skills/errors-steps/SKILL.md", "---\nname: errors-steps\ndescription: Steps review for testing.\n---\n# Layout layout\n\nText.\n\nSee `gamma` and [its page](../gamma/SKILL.md).\n"),
            .remove("skills/beta"),
            .append("skills/errors-steps/SKILL.md", "\n- Always validate the input schema before writing any records to the production database.\n"),
        ],
    ]

    @Test(arguments: regressions.keys.sorted())
    func regression(name: String) throws {
        let run = try DifferentialRun(files: DifferentialFixture.files, contentRoot: DifferentialFixture.contentRoot,
                                      theme: DifferentialFixture.theme)
        #expect(try run.start() == nil)
        for edit in Self.regressions[name] ?? [] {
            let difference = try run.step(edit)
            #expect(difference == nil, "\(name), after \(edit): \(difference ?? "")")
            if difference != nil { return }
        }
    }

    @Test(.enabled(if: longRun))
    func longRunOnTheFixture() throws {
        let seeds = UInt64(Self.environment["SKILLBOOK_DIFFERENTIAL_SEEDS"] ?? "") ?? 10
        let edits = Int(Self.environment["SKILLBOOK_DIFFERENTIAL_EDITS"] ?? "") ?? 60
        for seed in 1...max(seeds, 1) { try Self.run(seed: seed, edits: edits) }
    }

    @Test(.enabled(if: longRun && TestPaths.shared("corpora") != nil))
    func longRunOnCorpora() throws {
        let edits = Int(Self.environment["SKILLBOOK_DIFFERENTIAL_EDITS"] ?? "") ?? 60
        let limit = Int(Self.environment["SKILLBOOK_DIFFERENTIAL_CORPUS_SKILLS"] ?? "") ?? 60
        for corpus in ["apple-hig-skills/skills", "agentic-awesome-skills/skills"] {
            guard let folder = TestPaths.shared("corpora/" + corpus) else { continue }
            let skills = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                .map { folder.appendingPathComponent($0) }
                .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("SKILL.md").path) }
            try Self.run(seed: 1, edits: edits) {
                try DifferentialRun(copying: Array(skills.prefix(limit)), contentRoot: "corpus")
            }
        }
    }

    /// Builds, then applies `edits` seeded edits, comparing after each; records the first difference.
    static func run(seed: UInt64, edits: Int, sourceLocation: SourceLocation = #_sourceLocation,
                    make: () throws -> DifferentialRun = fixtureRun) throws {
        let run = try make()
        if let difference = try run.start() {
            Issue.record("the first build differs from a full build: \(difference)", sourceLocation: sourceLocation)
            return
        }
        var generator = EditGenerator(seed: seed, contentRoot: run.contentRoot, theme: run.theme)
        for index in 1...edits {
            guard let difference = try run.step(generator.next(run.files)) else { continue }
            var sequence = run.sequence
            if environment["SKILLBOOK_DIFFERENTIAL_MINIMIZE"] == "1" {
                sequence = try DifferentialMinimizer.shorten(run.applied, make: make)
            }
            Issue.record("""
                seed \(seed), edit \(index): the rebuild differs from a full build: \(difference)
                edits since the first build:
                \(sequence)
                """, sourceLocation: sourceLocation)
            return
        }
        #expect(run.reusingRebuilds > edits / 2, "only \(run.reusingRebuilds) of \(edits) rebuilds reused files", sourceLocation: sourceLocation)
        if environment["SKILLBOOK_DIFFERENTIAL_SHOW"] == "1" { print("seed \(seed):\n\(run.sequence)") }
    }

    static func fixtureRun() throws -> DifferentialRun {
        try DifferentialRun(files: DifferentialFixture.files, contentRoot: DifferentialFixture.contentRoot,
                            theme: DifferentialFixture.theme)
    }
}
