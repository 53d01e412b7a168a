import Testing
@testable import SkillChecks
@testable import SkillParser
import SkillDuplicates

/// `CheckRunner.configured` puts each file's findings in order apart and joins the files in path
/// order; the list must be the one a single stable sort of all the findings gives, as it was
/// made before (`reference` below is that way, written out).
@Suite struct ConfiguredByFileTests {
    /// The whole list at once: filtered, sorted with ties in their order, deduplicated, limited.
    static func reference(_ found: [Diagnostic], graph: SkillGraph, config: CollectionConfig, findingLimit: Int?) -> [Diagnostic] {
        let ignored = config.ignore.map(Glob.init)
        let suppressions = Suppressions(graph)
        var kept: [Diagnostic] = []
        for var diagnostic in found {
            if ignored.contains(where: { $0.matches(diagnostic.location.file) }) { continue }
            if let lines = suppressions.lines(of: diagnostic.location.file), Suppressions.silences(diagnostic, lines: lines) { continue }
            if let level = config.severity[diagnostic.code] {
                guard let severity = level.severity else { continue }
                diagnostic.severity = severity
            }
            kept.append(diagnostic)
        }
        let sorted = kept.indices.sorted { kept[$0] < kept[$1] || (!(kept[$1] < kept[$0]) && $0 < $1) }.map { kept[$0] }
        var unique: [Diagnostic] = []
        for diagnostic in sorted {
            // Equal under `<` and equal in full: a repeat, dropped.
            let run = unique.reversed().prefix { !($0 < diagnostic) }
            if run.contains(diagnostic) { continue }
            unique.append(diagnostic)
        }
        guard let findingLimit else { return unique }
        let limited = FindingLimit(findingLimit).apply(to: unique)
        guard let level = config.severity[FindingLimit.code] else { return limited }
        return limited.compactMap { diagnostic in
            guard diagnostic.code == FindingLimit.code else { return diagnostic }
            guard let severity = level.severity else { return nil }
            var changed = diagnostic
            changed.severity = severity
            return changed
        }
    }

    /// Findings in shuffled order over files whose names sort in tricky ways (case, `-`, `/`,
    /// non-ASCII), with repeats that differ only in their notes, in several lists.
    static func findings(seed: UInt64, count: Int) -> [[Diagnostic]] {
        var random = SeededGenerator(seed: seed)
        let files = ["a/SKILL.md", "a/references/x.md", "a-b.md", "A.md", "a.md", "é.md", "e.md", "b/ignored.md", "z/Ω.md", "skillbook.yml"]
        let codes = ["broken-link", "empty-link", "orphan-reference", "muted", "raised"]
        var lists: [[Diagnostic]] = [[]]
        for _ in 0..<count {
            let file = files[Int(random.next() % UInt64(files.count))]
            var diagnostic = Diagnostic(random.next() % 2 == 0 ? .warning : .error, code: codes[Int(random.next() % UInt64(codes.count))],
                                        "message \(random.next() % 3)",
                                        at: SourceLocation(file: file, line: Int(random.next() % 12) + 1, column: Int(random.next() % 2) + 1))
            if random.next() % 4 == 0 { diagnostic.notes = [DiagnosticNote("note \(random.next() % 2)")] }
            if random.next() % 9 == 0 { lists.append([]) }
            lists[lists.count - 1].append(diagnostic)
        }
        return lists
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func theFilesApartGiveTheListOfOneSort(seed: UInt64) throws {
        let fixture = try CheckFixture(["a/SKILL.md": skill("a", "<!-- skillbook-disable-next-line broken-link -->\nline five\n\n<!-- skillbook-disable-next-line -->\nline eight\n")])
        var config = CollectionConfig()
        config.ignore = ["b/**"]
        config.severity = ["muted": .off, "raised": .error]
        let lists = Self.findings(seed: seed, count: 400)
        let all = Array(lists.joined())
        for limit in [nil, 2, 5] as [Int?] {
            for config in [CollectionConfig(), config] {
                let expected = Self.reference(all, graph: fixture.graph, config: config, findingLimit: limit)
                #expect(CheckRunner.configured(lists: lists, graph: fixture.graph, config: config, findingLimit: limit) == expected)
                #expect(CheckRunner.configured(all, graph: fixture.graph, config: config, findingLimit: limit) == expected)
            }
        }
        // The test's findings reach what it is about: suppressed lines, ignored files, repeats, limits.
        let suppressed = all.filter { $0.location.file == "a/SKILL.md" && [8, 11].contains($0.location.line) }
        #expect(!suppressed.isEmpty)
        #expect(all.contains { $0.location.file == "b/ignored.md" })
        #expect(Self.reference(all, graph: fixture.graph, config: CollectionConfig(), findingLimit: nil).count < all.count)
        #expect(Self.reference(all, graph: fixture.graph, config: CollectionConfig(), findingLimit: 2).contains { $0.code == FindingLimit.code })
    }
}
