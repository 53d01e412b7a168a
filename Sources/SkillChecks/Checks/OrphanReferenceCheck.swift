import SkillParser
import SkillDuplicates
/// Fires on a document under a skill's `references/` folder that no other document links to
/// or names (`orphan-reference`). Naming counts when another document of the collection
/// links to it or writes its path in a code span, or when another document of the same
/// skill mentions its path from the skill root or its file name anywhere in its text
/// (prose, code spans or code blocks).
struct OrphanReferenceCheck: FileWorldCheck {
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

    func run(_ context: CheckContext, documents: [Document]) -> [[Diagnostic]] {
        let graph = context.graph
        // The file names each document of a skill writes, read once per skill, and only for a
        // skill with a reference that nothing links to: gathering every document's text was
        // most of this check's time (and decodes its tree, `MarkdownTree`), and most references are linked.
        var namedInSkill: [String: [(String, Set<String>)]] = [:]
        return documents.map { reference -> [Diagnostic] in
            guard reference.kind == .reference, let skill = graph.skill(of: reference), !Self.isLinked(reference, graph: graph)
            else { return [] }
            let inSkill = skill.folder.isEmpty ? reference.path : String(reference.path.dropFirst(skill.folder.count + 1))
            let name = inSkill.split(separator: "/").last.map(String.init) ?? inSkill
            let texts = namedInSkill[skill.folder] ?? ([skill.skillFile] + skill.documents).map { path in
                (path, graph.document(at: path).map { DocumentText.markdownFileNames(in: DocumentText.of($0.markdown)) } ?? [])
            }
            namedInSkill[skill.folder] = texts
            if texts.contains(where: { path, names in path != reference.path && names.contains(name) }) { return [] }
            return [Diagnostic(.warning, code: "orphan-reference",
                               "`\(inSkill)` is not linked to or named by any other file",
                               at: SourceLocation(file: reference.path, line: 1),
                               suggestion: "link to it from SKILL.md with a line saying when to read it, or delete it")]
        }
    }

    /// Whether another document links to `reference` or writes its path in a code span.
    private static func isLinked(_ reference: Document, graph: SkillGraph) -> Bool {
        graph.incoming(reference.path).contains { ($0.kind == .link || $0.kind == .path) && $0.from != reference.path }
    }

    /// A reference's finding reads whether it is linked and the text of its skill's files.
    func addInputs(of document: Document, world: FileWorld, to hasher: inout ContentHasher) {
        let graph = world.context.graph
        guard document.kind == .reference, let folder = document.skillFolder, graph.skill(inFolder: folder) != nil else { return }
        hasher.add(Self.isLinked(document, graph: graph) ? 1 : 0)
        hasher.add(world.skillFiles[folder] ?? ContentHash(high: 0, low: 0))
    }
}
