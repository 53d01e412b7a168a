import SkillParser
import SkillDuplicates
/// Fires on a document under a skill's `references/` folder that no other document links to
/// or names (`orphan-reference`). Naming counts when another document of the collection
/// links to it or writes its path in a code span, or when another document of the same
/// skill mentions its path from the skill root or its file name anywhere in its text
/// (prose, code spans or code blocks).
struct OrphanReferenceCheck: Check {
    let codes = [
        CodeInfo("orphan-reference", .warning, summary: "a file under `references/` is never linked to or named",
                 explanation: """
                    Agents load reference files only when another file tells them to ("for \
                    layouts, read `references/layout.md`"). A reference that nothing links to or names is \
                    never read: dead weight in the skill, and often a sign that a link was lost in an edit.

                    Link to it from the skill's SKILL.md (or another reference) with a line saying when to \
                    read it, or delete it.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        let graph = context.graph
        var result: [Diagnostic] = []
        for skill in graph.skills {
            let references = skill.documents.compactMap(graph.document(at:)).filter { $0.kind == .reference }
            guard !references.isEmpty else { continue }
            // The file names each document of the skill writes, read once per skill, and only for a
            // skill with a reference that nothing links to: gathering every document's text was
            // most of this check's time, and most references are linked.
            var named: [(String, Set<String>)]?
            for reference in references {
                let linked = graph.incoming(reference.path).contains {
                    ($0.kind == .link || $0.kind == .path) && $0.from != reference.path
                }
                if linked { continue }
                let inSkill = skill.folder.isEmpty ? reference.path : String(reference.path.dropFirst(skill.folder.count + 1))
                let name = inSkill.split(separator: "/").last.map(String.init) ?? inSkill
                let texts = named ?? ([skill.skillFile] + skill.documents).map { path in
                    (path, graph.document(at: path).map { DocumentText.markdownFileNames(in: DocumentText.of($0.markdown)) } ?? [])
                }
                named = texts
                if texts.contains(where: { path, names in path != reference.path && names.contains(name) }) { continue }
                result.append(Diagnostic(.warning, code: "orphan-reference",
                                         "`\(inSkill)` is not linked to or named by any other file",
                                         at: SourceLocation(file: reference.path, line: 1),
                                         suggestion: "link to it from SKILL.md with a line saying when to read it, or delete it"))
            }
        }
        return result
    }
}
