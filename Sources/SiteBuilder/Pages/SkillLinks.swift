import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Skill-to-skill connections: a document of one skill names, lists, links or points at a
/// file of another. Each pair once, sorted. The site's graph and relations and
/// `skillbook export --format json` read the same list.
public struct SkillLink: Hashable, Comparable, Sendable {
    public var from: Skill
    public var to: Skill

    public static func < (lhs: SkillLink, rhs: SkillLink) -> Bool {
        (lhs.from.folder, lhs.to.folder) < (rhs.from.folder, rhs.to.folder)
    }

    public static func all(in graph: SkillGraph) -> [SkillLink] {
        // Each pair once by its folders (a skill's folder is its identity in the graph): hashing
        // whole skills (manifest, document lists) per edge was most of the site's graph report.
        var seen = Set<FolderPair>()
        var result: [SkillLink] = []
        for edge in graph.edges where edge.kind != .contains {
            guard let document = graph.document(at: edge.from), let source = graph.skill(of: document) else { continue }
            let target: Skill?
            switch edge.kind {
            case .mentions, .related: target = graph.skill(named: edge.to)
            case .link, .path: target = graph.document(at: edge.to).flatMap { graph.skill(of: $0) }
            case .contains: target = nil
            }
            if let target, target.folder != source.folder, seen.insert(FolderPair(from: source.folder, to: target.folder)).inserted {
                result.append(SkillLink(from: source, to: target))
            }
        }
        return result.sorted()
    }

    private struct FolderPair: Hashable {
        var from: String
        var to: String
    }
}
