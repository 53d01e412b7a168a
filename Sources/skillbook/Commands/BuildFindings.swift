import SiteBuilder
import SkillParser

/// What the reports of `skillbook build` show: the findings of `check` (loading problems
/// included) and the clusters of `dupes`. While `dupes` is not part of this build, duplicate
/// detection is marked as not run; wire `DuplicateFinder.clusters` in here when it lands.
enum BuildFindings {
    static func diagnostics(graph: SkillGraph, config: CollectionConfig) -> [Diagnostic] {
        CheckRunner.run(graph: graph, config: config)
    }

    static func duplicates(graph: SkillGraph, config: CollectionConfig) -> [DuplicateGroup]? {
        nil
    }
}
