import SkillParser
import SkillChecks
import SkillDuplicates

/// Everything a site shows: the graph, the collection's settings and the findings of the checks.
public struct SiteInput: Sendable {
    public var graph: SkillGraph
    public var config: CollectionConfig
    /// What the diagnostics report lists (loading problems and the findings of `check`).
    public var diagnostics: [Diagnostic]
    /// The clusters of the duplicates report, or `nil` when duplicate detection did not run.
    public var duplicates: [DuplicateGroup]?

    public init(graph: SkillGraph, config: CollectionConfig = CollectionConfig(), diagnostics: [Diagnostic]? = nil,
                duplicates: [DuplicateGroup]? = nil) {
        self.graph = graph
        self.config = config
        let diagnostics = diagnostics ?? graph.diagnostics
        // Most callers pass them sorted already (`CheckRunner` sorts its findings): a pass that
        // compares neighbours is cheaper than a sort's copy of 28,000 findings.
        self.diagnostics = zip(diagnostics, diagnostics.dropFirst()).allSatisfy { !($1 < $0) } ? diagnostics : diagnostics.sorted()
        self.duplicates = duplicates
    }
}
