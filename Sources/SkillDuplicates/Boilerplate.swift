import SkillParser
/// Boilerplate: rules pasted into a large share of a collection's skills, reported once as a
/// template instead of as duplicates to fix one by one.
///
/// Boilerplate clusters that are pasted together, such as the three items of a "Limitations"
/// section repeated in a thousand skills, form one block, so that a report can show it once:
/// two boilerplate clusters share a block when most of their members sit under the same heading
/// and their files overlap by at least `overlap` of the smaller set.
enum Boilerplate {
    static let overlap = 0.8

    /// Whether a cluster spanning `skills` skills, in a collection of `skillCount`, is boilerplate:
    /// at least `boilerplateShare` of the skills and at least `boilerplateMinSkills` of them.
    static func isBoilerplate(skills: Int, skillCount: Int, options: DuplicateOptions) -> Bool {
        skills >= max(options.boilerplateMinSkills, Int((options.boilerplateShare * Double(skillCount)).rounded(.up)))
    }

    /// The clusters with `block` set on the boilerplate ones, numbered from 1 in cluster order.
    static func number(_ clusters: [DuplicateCluster]) -> [DuplicateCluster] {
        var blocks: [(heading: String?, files: Set<String>)] = []
        var result = clusters
        for index in result.indices where result[index].boilerplate {
            let heading = dominantHeading(result[index])
            let files = Set(result[index].members.map(\.location.file))
            if let block = blocks.firstIndex(where: { $0.heading == heading && overlaps($0.files, files) }) {
                result[index].block = block + 1
            } else {
                blocks.append((heading, files))
                result[index].block = blocks.count
            }
        }
        return result
    }

    /// The heading most members sit directly under (ties: the alphabetically first).
    static func dominantHeading(_ cluster: DuplicateCluster) -> String? {
        var counts: [String: Int] = [:]
        for member in cluster.members {
            if let heading = member.headingPath.last { counts[heading, default: 0] += 1 }
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    private static func overlaps(_ first: Set<String>, _ second: Set<String>) -> Bool {
        let smaller = min(first.count, second.count)
        guard smaller > 0 else { return false }
        return Double(first.intersection(second).count) >= overlap * Double(smaller)
    }
}
