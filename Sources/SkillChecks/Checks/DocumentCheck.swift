import SkillParser
/// A check whose findings in a document depend on nothing but that document and the facts
/// `CheckWorld.key` covers (the collection's skills, the configured external skills and
/// related-skills headings). `build` keeps such findings per file in the check cache and runs
/// the check on changed files only (`CheckRunner.run(... reusing:)`); `check` runs it on every
/// document, as any other.
protocol DocumentCheck: Check {
    /// The findings in each of `documents`, in their order; each list in the order the check
    /// finds them, so that the lists joined are what a run over the whole graph returns.
    func run(_ context: CheckContext, documents: [Document]) -> [[Diagnostic]]
}

extension DocumentCheck {
    func run(_ context: CheckContext) -> [Diagnostic] {
        Array(run(context, documents: context.graph.documents).joined())
    }
}
