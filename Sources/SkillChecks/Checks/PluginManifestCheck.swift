import SkillParser

/// Fires on a Claude Code plugin manifest (`.claude-plugin/marketplace.json` or `plugin.json`)
/// that is not valid JSON, at the line and column where reading stopped, or that is not shaped
/// as a manifest (`invalid-plugin-manifest`).
struct PluginManifestCheck: Check {
    let codes = [
        CodeInfo("invalid-plugin-manifest", .error, summary: "a plugin manifest (.claude-plugin/*.json) is not valid JSON or not shaped as one",
                 explanation: """
                    `.claude-plugin/marketplace.json` lists the plugins of a Claude Code marketplace and \
                    `.claude-plugin/plugin.json` describes one plugin. When either does not parse, Claude \
                    Code cannot install anything from the collection; when `plugins` or `skills` has the \
                    wrong kind of value, the skills it meant to list are not loaded.

                    Fix the JSON at the line and column given (a trailing comma, a missing comma or quote, \
                    an unescaped line break in a string are the usual causes). `plugins` is a list of \
                    objects; a plugin's `skills` is a path or a list of paths.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        PluginManifests(root: context.graph.root).problems
    }
}
