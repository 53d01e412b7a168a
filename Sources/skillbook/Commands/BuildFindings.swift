import SiteBuilder
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// What the reports of `skillbook build` show of the clusters of `dupes` (the findings of
/// `check` come from `BuildChecks`).
enum BuildFindings {
    /// Clusters as the duplicates page shows them: the ones to fix with every place, then each
    /// boilerplate rule once, with where it first appears (listing a thousand copies helps nobody).
    static func groups(_ clusters: [DuplicateCluster]) -> [DuplicateGroup] {
        let duplicates = clusters.filter { !$0.boilerplate }.map { cluster in
            DuplicateGroup(title: shortened(cluster.representative), detail: "\(cluster.count) statements \(spread(cluster))",
                           members: cluster.members.map { member in
                               let ownSpan = member.span.flatMap { $0.inRepresentative ? nil : $0.start..<$0.end }
                               return DuplicateGroup.Member(location: member.location, text: member.match == .exact ? "" : member.text,
                                                            note: note(member), matched: ownSpan)
                           })
        }
        let boilerplate = clusters.filter(\.boilerplate).map { cluster in
            DuplicateGroup(title: shortened(cluster.representative),
                           detail: "boilerplate: \(cluster.count) statements \(spread(cluster)); the first is listed",
                           members: [DuplicateGroup.Member(location: cluster.representativeLocation, text: "")])
        }
        return duplicates + boilerplate
    }

    private static func spread(_ cluster: DuplicateCluster) -> String {
        switch cluster.skillCount {
        case 0: "outside skills"
        case 1: "in one skill"
        default: "in \(cluster.skillCount) skills"
        }
    }

    private static func note(_ member: DuplicateMember) -> String {
        let skill = member.skill ?? "no skill"
        switch member.match {
        case .exact: return "\(skill): exact"
        case .near: return "\(skill): near, \(percent(member.similarity)) similar"
        case .contained:
            if let span = member.span, span.inRepresentative {
                return "\(skill): restated inside the first statement as “\(span.text)”, \(percent(member.similarity))"
            }
            return "\(skill): restates the first statement inside, \(percent(member.similarity))"
        case .sharedSentence: return "\(skill): shares a sentence, \(percent(member.similarity))"
        case .linked: return "\(skill): linked through another statement"
        }
    }

    private static func percent(_ value: Double) -> String {
        "\(Int((value * 100).rounded()))%"
    }

    private static func shortened(_ text: String, limit: Int = 160) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
