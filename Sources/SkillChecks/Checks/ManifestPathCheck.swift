import SkillParser

/// Fires on a path a plugin manifest lists (a local plugin `source` or a `skills` entry) that
/// does not exist, leads out of the collection, or holds no skill (`manifest-path-missing`).
struct ManifestPathCheck: Check {
    let codes = [
        CodeInfo("manifest-path-missing", .error, summary: "a plugin manifest lists a skill path that does not exist or holds no skill",
                 explanation: """
                    A marketplace or plugin manifest names the folders Claude Code loads skills from. A \
                    path that does not exist (a skill renamed or removed, a typo) fails the installation \
                    or silently drops the skill.

                    Correct the path (relative to the plugin's `source` folder, or to the collection's \
                    root for `plugin.json`) or remove the entry.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        let manifests = PluginManifests(root: context.graph.root)
        let skillFolders = context.graph.skills.map(\.folder)
        var result: [Diagnostic] = []
        for listing in manifests.listings {
            guard let path = listing.path else {
                result.append(Diagnostic(.error, code: "manifest-path-missing", "`\(listing.written)` leads out of the collection",
                                         at: listing.location, suggestion: "list paths inside the collection"))
                continue
            }
            switch context.files.lookup(path) {
            case .missing:
                let near = NearestNames.suggest(path, among: skillFolders, count: 1)
                result.append(Diagnostic(.error, code: "manifest-path-missing", "`\(listing.written)` does not exist",
                                         at: listing.location,
                                         suggestion: near.first.map { "did you mean `./\($0)`?" } ?? "correct the path or remove the entry"))
            case .caseMismatch(let actual):
                result.append(Diagnostic(.error, code: "manifest-path-missing",
                                         "`\(listing.written)` exists only as `\(actual)`, with other letter case",
                                         at: listing.location, suggestion: "write `./\(actual)`; Linux and most servers tell case apart"))
            case .exists:
                let holdsSkill = path.isEmpty || skillFolders.contains { $0 == path || $0.hasPrefix(path + "/") }
                if !holdsSkill {
                    result.append(Diagnostic(.error, code: "manifest-path-missing", "`\(listing.written)` holds no SKILL.md",
                                             at: listing.location, suggestion: "list the folder of a skill, the one with its SKILL.md"))
                }
            }
        }
        return result
    }
}
