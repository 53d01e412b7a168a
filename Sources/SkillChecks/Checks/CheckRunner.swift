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
        let ignored = config.ignore.map(Glob.init)
        let suppressions = Suppressions(graph)
        var kept: [Diagnostic] = []
        for var diagnostic in found {
            if ignored.contains(where: { $0.matches(diagnostic.location.file) }) { continue }
            if suppressions.silences(diagnostic) { continue }
            if let level = config.severity[diagnostic.code] {
                guard let severity = level.severity else { continue }
                diagnostic.severity = severity
            }
            kept.append(diagnostic)
        }
        // Sorted first, then deduplicated: equal diagnostics sort next to each other, so only a
        // run of the same place, code and message needs a set (the order is the same as
        // deduplicating first, since the sort is stable and keeps the first of equals first).
        kept.sort()
        var result: [Diagnostic] = []
        result.reserveCapacity(kept.count)
        var run = Set<Diagnostic>()
        for diagnostic in kept {
            if let last = result.last, !(last < diagnostic) {
                if run.isEmpty { run.insert(last) }
                guard run.insert(diagnostic).inserted else { continue }
            } else if !run.isEmpty {
                run.removeAll()
            }
            result.append(diagnostic)
        }
        guard let findingLimit else { return result }
        let limited = FindingLimit(findingLimit).apply(to: result)
        // The notes are made after the severities above; `severity:` applies to them here.
        guard let level = config.severity[FindingLimit.code] else { return limited }
        return limited.compactMap { diagnostic in
            guard diagnostic.code == FindingLimit.code else { return diagnostic }
            guard let severity = level.severity else { return nil }
            var changed = diagnostic
            changed.severity = severity
            return changed
        }
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
