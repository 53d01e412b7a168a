import SkillParser

/// Fires on a skill that no plugin of the collection's manifests covers, when the collection has
/// a `.claude-plugin/marketplace.json` or `plugin.json` (`skill-not-in-manifest`). A plugin that
/// lists `skills` covers those paths; one that lists none covers its `skills/` folder.
struct SkillNotInManifestCheck: Check {
    let codes = [
        CodeInfo("skill-not-in-manifest", .warning, summary: "a skill is in no plugin of the collection's plugin manifest",
                 explanation: """
                    The collection publishes its skills as Claude Code plugins, but this skill is in none \
                    of them, so people who install the plugins never get it. It is usually a new skill \
                    that was not added to the manifest.

                    Add the skill's folder (`./skills/name`) to the `skills` list of a plugin in \
                    `.claude-plugin/marketplace.json` (or `plugin.json`). A skill kept out on purpose can \
                    be silenced in skillbook.yml with `ignore` or `severity`.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        let manifests = PluginManifests(root: context.graph.root)
        // Nothing to compare with when there is no manifest, or none that could be read.
        guard let declaration = manifests.declaration else { return [] }
        let file = declaration.file
        return context.graph.skills.filter { !manifests.covers($0.folder) }.map { skill in
            Diagnostic(.warning, code: "skill-not-in-manifest", "skill `\(skill.name)` is in no plugin of `\(file)`",
                       at: context.nameLocation(of: skill),
                       notes: [DiagnosticNote("the plugins are listed here", at: declaration)],
                       suggestion: "add `./\(skill.folder)` to a plugin's `skills` in `\(file)`")
        }
    }
}
