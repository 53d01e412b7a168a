import SkillParser

/// Under `--spec strict`, fires on a flow-style list or map in a SKILL.md frontmatter
/// (`tags: [a, b]`, `metadata: {author: me}`), which is valid YAML but which the reference
/// validator parses with strictyaml and rejects (`yaml-flow-style`). Without `--spec strict`
/// nothing is reported: every YAML reader an agent uses accepts it.
struct FlowStyleCheck: DigestedCheck {
    let codes = [
        CodeInfo("yaml-flow-style", .error, summary: "under --spec strict: a SKILL.md frontmatter writes a list or map in flow style",
                 explanation: """
                    `tags: [a, b]` and `metadata: {author: me}` are valid YAML, and agents read them, but \
                    the reference validator (`agentskills validate`) parses frontmatter with strictyaml, \
                    which rejects flow style, so it declares the skill invalid. `--spec strict` agrees \
                    with it and reports each one; without `--spec strict` nothing is reported.

                    Write the list or map in block style, one item per line:

                        metadata:
                          author: me
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        guard context.options.spec == .strict else { return [] }
        var result: [Diagnostic] = []
        for skill in context.graph.skills {
            guard let frontmatter = context.graph.document(at: skill.skillFile)?.markdown.frontmatter else { continue }
            for location in frontmatter.flowStyle {
                result.append(Diagnostic(.error, code: "yaml-flow-style",
                                         "flow-style YAML (`[...]` or `{...}`) is rejected by the reference validator",
                                         at: location,
                                         suggestion: "write the list or map in block style, one item per line"))
            }
        }
        return result
    }
}

extension FlowStyleCheck {
    /// Reads the skills' own files only (`skillFilesDigest`).
    func inputs(_ context: CheckContext) -> ContentHash? {
        context.skillFilesDigest("FlowStyleCheck")
    }
}
