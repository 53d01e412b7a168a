import SkillParser
/// A check over the whole collection whose findings depend on nothing but what `inputs` digests
/// and the facts of `CheckWorld` (the program, the checks, `--spec`, the skills' names, folders
/// and files, the configured external skills and related-skills headings). `build` keeps its
/// findings in the check cache under that digest and runs it again only when the digest
/// differs (`CheckRunner.run(... reusing:)`); `check` runs it as any other.
///
/// A profile of a rebuild of agentic-awesome-skills after one changed reference had such checks
/// (anchors, skill names, descriptions, the README's list) at about 30 ms of the check step,
/// for findings that a reference's edit cannot change.
protocol DigestedCheck: Check {
    /// The digest of everything the check reads beyond `CheckWorld`; `nil` when that cannot be
    /// digested (a document read from no file): the check then runs.
    func inputs(_ context: CheckContext) -> ContentHash?
}

extension CheckContext {
    /// The digest of the skills' own files as the skill-manifest checks read them: each skill's
    /// SKILL.md bytes (its frontmatter, whether it parsed, where its fields are) and the name of
    /// the content root's folder (a skill at the root is named after it); `nil` when a SKILL.md
    /// was read from no file.
    func skillFilesDigest(_ name: String) -> ContentHash? {
        var hasher = ContentHasher()
        hasher.add(name)
        // How a file parses: the C libraries, which a system upgrade may change under the same program.
        hasher.add(ParseCacheKey.current)
        hasher.add(graph.root.split(separator: "/").last.map(String.init) ?? "")
        hasher.add(graph.skills.count)
        for skill in graph.skills {
            guard let digest = graph.document(at: skill.skillFile)?.markdown.sourceDigest else { return nil }
            hasher.add(skill.skillFile)
            hasher.add(digest)
        }
        return hasher.finalize()
    }
}
