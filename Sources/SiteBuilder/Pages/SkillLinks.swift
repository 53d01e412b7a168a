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
        // Each edge's pair of skills (positions in `graph.skills`) is found on all cores, and only
        // the first of each pair is kept, in edge order, on one: at 10,000 synthetic skills this was
        // 0.18 s of the plan step's main thread, one edge after another, copying both skills
        // (manifest and document list retained) for each of ~100,000 edges. A skill's folder is its
        // identity in the graph, so each pair once by its folders (`skillIndex(inFolder:)` of the
        // target's folder: the one position a folder has).
        let edges = graph.edges
        let skills = graph.skills
        let pairs = Parallel.map(edges.count, minimumChunk: 512) { index -> (source: Int, target: Int, key: Int)? in
            let edge = edges[index]
            guard edge.kind != .contains,
                  let folder = graph.document(at: edge.from)?.skillFolder, let source = graph.skillIndex(inFolder: folder)
            else { return nil }
            let target: Int?
            switch edge.kind {
            case .mentions, .related: target = graph.skillIndex(named: edge.to)
            case .link, .path: target = graph.document(at: edge.to)?.skillFolder.flatMap { graph.skillIndex(inFolder: $0) }
            case .contains: target = nil
            }
            guard let target, skills[target].folder != skills[source].folder,
                  let key = graph.skillIndex(inFolder: skills[target].folder) else { return nil }
            return (source, target, key)
        }
        var seen = Set<Int>()
        var result: [SkillLink] = []
        for case let (source, target, key)? in pairs where seen.insert(source &* skills.count &+ key).inserted {
            result.append(SkillLink(from: skills[source], to: skills[target]))
        }
        return result.sorted()
    }
}
