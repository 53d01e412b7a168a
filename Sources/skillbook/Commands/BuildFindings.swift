import SiteBuilder
import SkillParser

/// What the reports of `skillbook build` show. While `check` and `dupes` are not part of this
/// build, the diagnostics report lists the loading problems and duplicate detection is marked
/// as not run; wire `CheckRunner.run` and `DuplicateFinder.clusters` in here when they land.
enum BuildFindings {
    static func diagnostics(graph: SkillGraph, config: CollectionConfig) -> [Diagnostic] {
        graph.diagnostics
    }

    static func duplicates(graph: SkillGraph, config: CollectionConfig) -> [DuplicateGroup]? {
        nil
    }
}
