import SkillParser
/// The last run's clusters, offered to a run whose rules changed in a few files: a group of
/// texts that is the same as one of the last run's (`ClusterBuilder`'s group digest), none of
/// whose statements is in a changed file then or now, has the same statements, and so the same
/// cluster, which is taken as it is instead of decoding its files' rules and describing it again.
///
/// A file is unchanged when its path and bytes are the last run's (its rules follow from them),
/// and its skill's name is the one its members carry; the number of skills (what is boilerplate)
/// must be the same. The clusters' boilerplate blocks are numbered again over the new order.
public struct ReusableClusters: Sendable {
    /// The last run's clusters by their group's digest.
    var clusters: [ContentHash: DuplicateCluster]
    var skillCount: Int
    /// The unchanged files, by path, with the name of their skill (nil outside every skill).
    var unchangedFiles: [String: String?]

    init(clusters: [ContentHash: DuplicateCluster], skillCount: Int, unchangedFiles: [String: String?]) {
        self.clusters = clusters
        self.skillCount = skillCount
        self.unchangedFiles = unchangedFiles
    }

    /// The last run's cluster of the group with this digest, when it still holds: same number of
    /// skills, every member in an unchanged file of the same skill, and `statementsUnchanged`
    /// (whether the group's statements now are all in files `isUnchanged` accepts).
    func cluster(_ group: ContentHash, skillCount: Int, statementsUnchanged: ((String) -> Bool) -> Bool) -> DuplicateCluster? {
        guard skillCount == self.skillCount, var cluster = clusters[group] else { return nil }
        for member in cluster.members {
            guard let skill = unchangedFiles[member.location.file], skill == member.skill else { return nil }
        }
        guard statementsUnchanged({ unchangedFiles[$0] != nil }) else { return nil }
        cluster.block = nil
        return cluster
    }
}
