import SkillParser
import SkillDuplicates

/// Runs every check over a graph and turns what they find into the final list: load problems
/// included, `--spec strict` applied, then `ignore` globs, inline suppressions and per-code
/// severities from the configuration, sorted by file, line, column and code.
public enum CheckRunner {
    /// `duplicates` passes clusters the caller already found (as `build` does), so that
    /// `duplicate-rule` does not look for them again.
    public static func run(graph: SkillGraph, config: CollectionConfig = CollectionConfig(),
                           options: CheckOptions = CheckOptions(), checks: [any Check] = Checks.all,
                           duplicates: [DuplicateCluster]? = nil) -> [Diagnostic] {
        let context = CheckContext(graph: graph, config: config, options: options, duplicates: duplicates)
        let perCheck = Parallel.map(checks.count, minimumChunk: 1) { checks[$0].run(context) }
        let found = graph.diagnostics.map { strictened($0, graph: graph, options: options) } + perCheck.joined()
        return configured(Array(found), graph: graph, config: config, findingLimit: options.findingLimit)
    }

    /// `ignore` globs, inline suppressions and per-code severities applied to diagnostics,
    /// deduplicated, sorted and held to `findingLimit` per code and file (`FindingLimit`); the
    /// site builder passes its own problems through here too.
    public static func configured(_ found: [Diagnostic], graph: SkillGraph, config: CollectionConfig,
                                  findingLimit: Int? = CheckOptions.defaultFindingLimit) -> [Diagnostic] {
        configured(lists: [found], graph: graph, config: config, findingLimit: findingLimit)
    }

    /// `configured` of the diagnostics of `lists` joined, file by file: everything it does is
    /// decided per file (the ignore globs and suppressions by the finding's file, the sort by
    /// file first, the limit per code and file), so the files' findings are put in order apart,
    /// on all cores, and joined in the order of their paths. The same list as one sort of them
    /// all (ties keep their order in `lists`, as the stable sort did), for a fraction of the
    /// time: the sort of about 13,000 findings by file path was most of the 16 ms this took in
    /// a rebuild of agentic-awesome-skills.
    static func configured(lists: [[Diagnostic]], graph: SkillGraph, config: CollectionConfig,
                           findingLimit: Int?) -> [Diagnostic] {
        // The findings by file, in the order met; most lists hold runs of one file.
        var slots: [String: Int] = [:]
        var files: [String] = []
        var byFile: [[Diagnostic]] = []
        var last: (file: String, slot: Int)?
        for list in lists {
            for diagnostic in list {
                let file = diagnostic.location.file
                let slot: Int
                if let last, last.file == file {
                    slot = last.slot
                } else if let known = slots[file] {
                    slot = known
                } else {
                    slot = files.count
                    slots[file] = slot
                    files.append(file)
                    byFile.append([])
                }
                last = (file, slot)
                byFile[slot].append(diagnostic)
            }
        }
        let order = files.indices.sorted { files[$0] < files[$1] }
        let ignored = config.ignore.map(Glob.init)
        let suppressions = Suppressions(graph)
        let limit = findingLimit.map(FindingLimit.init)
        let perFile = Parallel.map(order.count, minimumChunk: 32) { position -> [Diagnostic] in
            let slot = order[position]
            let file = files[slot]
            if ignored.contains(where: { $0.matches(file) }) { return [] }
            let silenced = suppressions.lines(of: file)
            var kept: [Diagnostic] = []
            kept.reserveCapacity(byFile[slot].count)
            for var diagnostic in byFile[slot] {
                if let silenced, Suppressions.silences(diagnostic, lines: silenced) { continue }
                if let level = config.severity[diagnostic.code] {
                    guard let severity = level.severity else { continue }
                    diagnostic.severity = severity
                }
                kept.append(diagnostic)
            }
            var result = Self.sortedUnique(kept)
            if let limit { result = limit.apply(to: result) }
            return result
        }
        var result: [Diagnostic] = []
        result.reserveCapacity(perFile.reduce(0) { $0 + $1.count })
        for list in perFile { result += list }
        // The notes are made after the severities above; `severity:` applies to them here.
        guard findingLimit != nil, let level = config.severity[FindingLimit.code] else { return result }
        return result.compactMap { diagnostic in
            guard diagnostic.code == FindingLimit.code else { return diagnostic }
            guard let severity = level.severity else { return nil }
            var changed = diagnostic
            changed.severity = severity
            return changed
        }
    }

    /// The findings of one file sorted (line, column, code, message; equals keep their order)
    /// and deduplicated. Sorted first, then deduplicated: equal diagnostics sort next to each
    /// other, so only a run of the same place, code and message needs a set (the order is the
    /// same as deduplicating first, since the sort keeps the first of equals first).
    static func sortedUnique(_ kept: [Diagnostic]) -> [Diagnostic] {
        let order = kept.indices.sorted { left, right in
            let a = kept[left], b = kept[right]
            if a.location.line != b.location.line { return a.location.line < b.location.line }
            if a.location.column != b.location.column { return a.location.column < b.location.column }
            if a.code != b.code { return a.code < b.code }
            if a.message != b.message { return a.message < b.message }
            return left < right
        }
        var result: [Diagnostic] = []
        result.reserveCapacity(kept.count)
        var run = Set<Diagnostic>()
        for index in order {
            let diagnostic = kept[index]
            if let last = result.last, !(last < diagnostic) {
                if run.isEmpty { run.insert(last) }
                guard run.insert(diagnostic).inserted else { continue }
            } else if !run.isEmpty {
                run.removeAll()
            }
            result.append(diagnostic)
        }
        return result
    }

    /// Problems with the configuration that only the checks can see: severities given for codes
    /// that nothing reports.
    public static func configDiagnostics(_ config: CollectionConfig, checks: [any Check] = Checks.all) -> [Diagnostic] {
        let known = Set(Checks.catalogue(checks: checks).map(\.code))
        return config.severity.keys.sorted().filter { !known.contains($0) }.map { code in
            let near = NearestNames.suggest(code, among: known.sorted(), count: 1)
            return Diagnostic(.warning, code: "invalid-config", "`severity` names `\(code)`, which no check reports",
                              at: config.severityLocations[code] ?? SourceLocation(file: config.path ?? CollectionConfig.fileName, line: 1),
                              suggestion: near.first.map { "did you mean `\($0)`?" } ?? "run `skillbook explain` for the list of codes")
        }
    }

    /// Under `--spec strict`, a SKILL.md frontmatter that is not properly closed is an error, as
    /// the reference validator rejects it.
    static func strictened(_ diagnostic: Diagnostic, graph: SkillGraph, options: CheckOptions) -> Diagnostic {
        guard options.spec == .strict,
              ["unterminated-frontmatter", "frontmatter-accidental-close"].contains(diagnostic.code),
              graph.document(at: diagnostic.location.file)?.kind == .skill
        else { return diagnostic }
        var copy = diagnostic
        copy.severity = .error
        return copy
    }
}
