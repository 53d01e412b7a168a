import SkillParser
/// What a `DocumentCheck` reads besides its document: the collection's skills (name, folder,
/// file: which names are known, which folder is whose, which documents belong to a skill), the
/// configured external skills and related-skills headings, and the `--spec` (severities). Findings kept in the check cache are
/// reused only under the key these had when they were made, with the program and the checks
/// that made them.
enum CheckWorld {
    static func key(graph: SkillGraph, config: CollectionConfig, options: CheckOptions, checks: [any DocumentCheck],
                    tool: ContentHash) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("skillbook check cache \(CheckCache.kind.format)")
        hasher.add(tool)
        hasher.add(options.spec.rawValue)
        hasher.add(checks.count)
        for check in checks { hasher.add(String(describing: type(of: check))) }
        hasher.add(graph.skills.count)
        for skill in graph.skills {
            hasher.add(skill.name)
            hasher.add(skill.folder)
            hasher.add(skill.skillFile)
        }
        for list in [config.externalSkills, config.relatedHeadings] {
            hasher.add(list.count)
            for value in list { hasher.add(value) }
        }
        return hasher.finalize()
    }
}
