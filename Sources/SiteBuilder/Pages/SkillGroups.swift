import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// A group of skills as the site shows it: on the home page, in breadcrumbs, in the sidebar
/// and on the graph page.
struct SkillGroup: Sendable {
    var name: String
    /// Where the group came from, which decides nothing but is shown in tests and docs.
    var source: Source
    /// Members, sorted by name then folder.
    var skills: [Skill]

    enum Source: Sendable, Equatable {
        /// `groups:` of `skillbook.yml`.
        case config
        /// The folder that holds the skills.
        case folder
        /// `category` (or `metadata.category`) in the skills' frontmatter.
        case category
        /// The dash-separated name prefix the skills share.
        case prefix
        /// The skills no other rule placed: "Other skills", or "Skills" when no group formed.
        case rest
    }
}

/// The names of the catch-all groups, in the site's language: `all` when no group formed,
/// `other` for the skills no rule placed, `byInitial` ("{group}: {initial}") for the parts of a
/// large catch-all split by first letter.
struct CatchAllNames: Sendable {
    var all: String
    var other: String
    var byInitial: String

    /// The default theme's English names, for callers outside a site build (`llms.txt`, tests).
    static let english = CatchAllNames(.english)

    init(all: String, other: String, byInitial: String) {
        (self.all, self.other, self.byInitial) = (all, other, byInitial)
    }

    init(_ strings: InterfaceStrings) {
        self.init(all: strings["skillsGroup"], other: strings["otherSkills"], byInitial: strings["groupByInitial"])
    }
}

/// Decides each skill's group, in one place. The first rule that places a skill wins:
/// 1. `groups:` of `skillbook.yml` (names or globs over names and folders), in the order written;
/// 2. the folder that holds the skill, when skills live in sub-folders (`web/react/SKILL.md` is in
///    `web`), and a skill whose folder holds other skills is in its own folder's group;
/// 3. `category` or `metadata.category` in the frontmatter;
/// 4. the longest dash-separated name prefix another skill shares (`hig-components-*`).
/// The rest are "Other skills"; in a large collection that catch-all is split by first letter
/// so that no group page grows past a few hundred skills.
enum SkillGroups {
    /// Above this many skills, a catch-all group is split by first letter.
    static let largeRest = 150

    static func group(_ skills: [Skill], config: CollectionConfig = CollectionConfig(), names: CatchAllNames = .english) -> [SkillGroup] {
        var placed: [String: (name: String, source: SkillGroup.Source)] = [:]
        let configGroups = config.groups.map { group in (group.name, group.patterns.map(Glob.init)) }
        let parents = Set(skills.map { RelativePath.folder(of: $0.folder) }.filter { !$0.isEmpty })
        for skill in skills {
            if let match = configGroups.first(where: { $0.1.contains { $0.matches(skill.name) || $0.matches(skill.folder) } }) {
                placed[skill.folder] = (match.0, .config)
            } else if parents.contains(skill.folder) {
                placed[skill.folder] = (skill.folder, .folder)
            } else if case let parent = RelativePath.folder(of: skill.folder), !parent.isEmpty {
                placed[skill.folder] = (parent, .folder)
            } else if let category = category(of: skill) {
                placed[skill.folder] = (category, .category)
            }
        }
        var groups: [String: SkillGroup] = [:]
        for skill in skills {
            guard let (name, source) = placed[skill.folder] else { continue }
            groups[name, default: SkillGroup(name: name, source: source, skills: [])].skills.append(skill)
        }
        let remaining = skills.filter { placed[$0.folder] == nil }
        for family in SkillFamilies.group(remaining, names: names) {
            if family.source == .rest, !groups.isEmpty, family.name == names.all {
                // Every other skill already has a group: the rest are "Other skills".
                groups[names.other, default: SkillGroup(name: names.other, source: .rest, skills: [])].skills += family.skills
            } else if groups[family.name] != nil {
                groups[family.name]!.skills += family.skills
            } else {
                groups[family.name] = family
            }
        }
        let order: (Skill, Skill) -> Bool = { ($0.name, $0.folder) < ($1.name, $1.folder) }
        let configOrder = Dictionary(config.groups.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var result = groups.values.map { group -> SkillGroup in
            var copy = group
            copy.skills.sort(by: order)
            return copy
        }
        result.sort { a, b in
            func rank(_ group: SkillGroup) -> (Int, Int, String) {
                switch group.source {
                case .config: (0, configOrder[group.name] ?? 0, group.name)
                case .rest: (2, 0, group.name)
                default: (1, 0, group.name.lowercased() + "\u{0}" + group.name)
                }
            }
            return rank(a) < rank(b)
        }
        return result.flatMap { group in
            group.source == .rest && group.skills.count > largeRest && skills.count > largeRest ? byInitial(group, names: names) : [group]
        }
    }

    /// `category: tools` or `metadata: {category: tools}`, trimmed, when it is a short string.
    static func category(of skill: Skill) -> String? {
        guard let manifest = skill.manifest else { return nil }
        let value = manifest.fields.first { $0.key == "category" }?.value.stringValue
            ?? manifest.metadata.first { $0.key == "category" }?.value.stringValue
        guard let text = value?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty, text.count <= 60 else { return nil }
        return text
    }

    /// A large catch-all split by the first letter of the skills' names: "Other skills: A".
    private static func byInitial(_ group: SkillGroup, names: CatchAllNames) -> [SkillGroup] {
        var buckets: [String: [Skill]] = [:]
        for skill in group.skills {
            let first = skill.name.first.map { $0.isLetter && $0.isASCII ? String($0).uppercased() : "#" } ?? "#"
            buckets[first, default: []].append(skill)
        }
        return buckets.keys.sorted { ($0 == "#" ? "" : $0) < ($1 == "#" ? "" : $1) }.map {
            SkillGroup(name: InterfaceStrings.fill(names.byInitial, ["group": group.name, "initial": $0]), source: .rest, skills: buckets[$0]!)
        }
    }
}

/// Name-prefix families: `hig-components` for `hig-components-buttons` and `hig-components-menus`.
enum SkillFamilies {
    /// A skill's family is the longest prefix of whole dash-separated words, shorter than its
    /// name, that at least one other skill shares; a family left with one member is dissolved.
    /// Families come sorted by name; skills without one come last, under "Other skills" (or
    /// "Skills" when no skill has a family).
    static func group(_ skills: [Skill], names: CatchAllNames = .english) -> [SkillGroup] {
        // Each name's prefixes made once, on all cores (they were made twice, one name after another).
        let namePrefixes = Parallel.map(skills.count, minimumChunk: 64) { prefixes(of: skills[$0].name) }
        var prefixCounts: [String: Int] = [:]
        for prefixes in namePrefixes {
            for prefix in Set(prefixes) { prefixCounts[prefix, default: 0] += 1 }
        }
        var members: [String: [Skill]] = [:]
        var loners: [Skill] = []
        for (skill, prefixes) in zip(skills, namePrefixes) {
            if let family = prefixes.last(where: { (prefixCounts[$0] ?? 0) >= 2 }) {
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
        var families = members.keys.sorted().map { SkillGroup(name: $0, source: .prefix, skills: members[$0]!.sorted(by: order)) }
        if !loners.isEmpty {
            families.append(SkillGroup(name: families.isEmpty ? names.all : names.other, source: .rest,
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
