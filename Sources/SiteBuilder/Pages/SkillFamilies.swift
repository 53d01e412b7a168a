import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Skills grouped by family: the name prefix they share, such as `hig-components` for
/// `hig-components-buttons` and `hig-components-menus`.
struct SkillFamily: Sendable {
    /// The shared prefix, or "Other skills" / "Skills" for the rest.
    var name: String
    /// Whether `name` is a real prefix (false for the catch-all group).
    var isPrefix: Bool
    /// Members, sorted by name then folder.
    var skills: [Skill]
}

enum SkillFamilies {
    /// A skill's family is the longest prefix of whole dash-separated words, shorter than its
    /// name, that at least one other skill shares; a family left with one member is dissolved.
    /// Families come sorted by name; skills without one come last, under "Other skills" (or
    /// "Skills" when no skill has a family).
    static func group(_ skills: [Skill]) -> [SkillFamily] {
        var prefixCounts: [String: Int] = [:]
        for skill in skills {
            for prefix in Set(prefixes(of: skill.name)) { prefixCounts[prefix, default: 0] += 1 }
        }
        var members: [String: [Skill]] = [:]
        var loners: [Skill] = []
        for skill in skills {
            if let family = prefixes(of: skill.name).last(where: { (prefixCounts[$0] ?? 0) >= 2 }) {
                members[family, default: []].append(skill)
            } else {
                loners.append(skill)
            }
        }
        for (name, skills) in members where skills.count < 2 {
            loners += skills
            members[name] = nil
        }
        let order: (Skill, Skill) -> Bool = { ($0.name, $0.folder) < ($1.name, $1.folder) }
        var families = members.keys.sorted().map { SkillFamily(name: $0, isPrefix: true, skills: members[$0]!.sorted(by: order)) }
        if !loners.isEmpty {
            families.append(SkillFamily(name: families.isEmpty ? "Skills" : "Other skills", isPrefix: false,
                                        skills: loners.sorted(by: order)))
        }
        return families
    }

    /// `a-b-c` → `["a", "a-b"]`: prefixes of whole words, shortest first, without the name itself.
    static func prefixes(of name: String) -> [String] {
        let words = name.split(separator: "-", omittingEmptySubsequences: false)
        guard words.count > 1 else { return [] }
        return (1..<words.count).map { words[0..<$0].joined(separator: "-") }.filter { !$0.isEmpty }
    }
}
