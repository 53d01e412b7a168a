extension Frontmatter {
    /// Reads only the frontmatter of a file's whole text, without parsing its Markdown, with
    /// the problems found on the way: for tools that rewrite frontmatter (`skillbook fmt`) and
    /// must compare what two versions of a file say.
    public static func read(_ text: String, path: String) -> (frontmatter: Frontmatter?, diagnostics: [Diagnostic]) {
        let split = FrontmatterSplitter.split(MarkdownDocument.normalize(text), file: path)
        return (split.frontmatter, split.diagnostics)
    }
}
