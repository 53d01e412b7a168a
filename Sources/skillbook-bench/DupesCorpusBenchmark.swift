import Foundation
import SkillParser
import SkillDuplicates

/// The dedupe step of `build` on the agentic-awesome-skills corpus, loaded once and run several
/// times in this process: the median wall clock, the processor time of that run (all cores
/// together, less disturbed by other work on a shared machine), and each of its steps; for a full
/// run, a rebuild after one changed reference (no rule changed) and one after an added rule.
enum DupesCorpusBenchmark {
    static let runs = 5

    static func run() throws {
        guard let corpus = Corpora.available.first(where: { $0.name == "agentic-awesome-skills" }) else {
            print("dupes corpus: ../shared/corpora/agentic-awesome-skills is absent; skipped")
            return
        }
        let graph = try CollectionLoader.load(root: corpus.path + "/skills")
        let finder = DuplicateFinder()
        var timings: [(seconds: Double, cpu: Double, statistics: DuplicateStatistics)] = []
        for _ in 0..<runs {
            let (start, cpuStart) = (Date(), DupesBenchmark.processorSeconds())
            let (_, statistics) = finder.run(in: graph)
            timings.append((Date().timeIntervalSince(start), DupesBenchmark.processorSeconds() - cpuStart, statistics))
        }
        print(line("full", timings))

        // A rebuild after one changed reference: the previous run's cache read back from its file,
        // and one reference counted as changed (another digest), so its rules are normalised anew.
        let key = DuplicateCache.key(options: DuplicateOptions(), tool: ContentHash(high: 1, low: 1))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-bench-dupes-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(DuplicateCache.fileName)
        try finder.run(in: graph, reusing: nil, key: key).cache.write(to: file)
        var changed = graph
        if let index = changed.documents.firstIndex(where: { $0.kind == .reference && !$0.markdown.rules.isEmpty }) {
            changed.documents[index].markdown.sourceDigest = ContentHash(high: 0, low: UInt64(index))
        }
        // What a rebuild reads: the files part and the texts (not the sketches, unless a rule changed).
        let size = [DuplicateCache.fileName, DuplicateCache.textsFileName].reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
        }
        timings = []
        var readSeconds: [Double] = []
        for _ in 0..<runs {
            let (start, cpuStart) = (Date(), DupesBenchmark.processorSeconds())
            let cache = DuplicateCache(file: file, key: key)
            readSeconds.append(Date().timeIntervalSince(start))
            let (_, statistics, _) = finder.run(in: changed, reusing: cache, key: key)
            timings.append((Date().timeIntervalSince(start), DupesBenchmark.processorSeconds() - cpuStart, statistics))
        }
        print(line("rebuild after one changed reference", timings)
              + String(format: "; reading the cache (%.1f MB) %.3f s", Double(size) / 1e6, readSeconds.sorted()[runs / 2]))

        // A rebuild after one added rule (a list item, different each run): the changed file's
        // rules are matched against every other one, as `build` does after a rule changed.
        if let index = graph.documents.firstIndex(where: { $0.kind == .reference && !$0.markdown.rules.isEmpty }) {
            let document = graph.documents[index]
            let text = try String(contentsOfFile: corpus.path + "/skills/" + document.path, encoding: .utf8)
            timings = []
            for run in 0..<runs {
                var diagnostics: [Diagnostic] = []
                var edited = graph
                edited.documents[index].markdown = MarkdownDocument(
                    path: document.path, text: text + "\n- Always validate the input of edit \(run) before you store it.\n",
                    diagnostics: &diagnostics)
                edited.documents[index].markdown.sourceDigest = ContentHash(high: 2, low: UInt64(run))
                let (start, cpuStart) = (Date(), DupesBenchmark.processorSeconds())
                let cache = DuplicateCache(file: file, key: key)
                let (_, statistics, _) = finder.run(in: edited, reusing: cache, key: key)
                timings.append((Date().timeIntervalSince(start), DupesBenchmark.processorSeconds() - cpuStart, statistics))
            }
            print(line("rebuild after one added rule", timings))
        }
    }

    /// "full: 0.52 s wall (cpu 0.90 s), median of 5; normalise 0.10, ..." for the median run.
    static func line(_ name: String, _ timings: [(seconds: Double, cpu: Double, statistics: DuplicateStatistics)]) -> String {
        let median = timings.sorted { $0.seconds < $1.seconds }[timings.count / 2]
        let cpus = timings.map(\.cpu).sorted()
        return String(format: "dupes corpus %@: %.3f s wall (cpu %.3f s; cpu median %.3f s), median of %d; ", name, median.seconds,
                      median.cpu, cpus[cpus.count / 2], timings.count)
            + median.statistics.steps.map { String(format: "%@ %.3f", $0.name, $0.seconds) }.joined(separator: ", ")
    }
}
