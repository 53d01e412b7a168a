import SkillParser
/// A check whose findings in a document depend on nothing but that document, where its links
/// lead (the graph's resolutions), and the files of the collection: the folders on disk (their
/// listings), the documents, the skills and `site_root` (`FileWorld`). Broken links and missing
/// reference paths are such findings; their suggestions read the folders the links point into.
/// `build` keeps them per file in the check cache and runs the check again only on a file whose
/// bytes, resolutions or world changed (`CheckRunner.run(... reusing:)`); `check` runs it on
/// every document, as any other.
protocol FileWorldCheck: Check {
    /// The findings in each of `documents`, in their order; each list in the order the check
    /// finds them, so that the lists joined are what a run over the whole graph returns.
    func run(_ context: CheckContext, documents: [Document]) -> [[Diagnostic]]

    /// Adds to a document's key what else the check reads for it (nothing by default): the
    /// orphan check, whether other files link to it and its skill's files' bytes.
    func addInputs(of document: Document, world: FileWorld, to hasher: inout ContentHasher)
}

extension FileWorldCheck {
    func run(_ context: CheckContext) -> [Diagnostic] {
        Array(run(context, documents: context.graph.documents).joined())
    }

    func addInputs(of document: Document, world: FileWorld, to hasher: inout ContentHasher) {}
}
