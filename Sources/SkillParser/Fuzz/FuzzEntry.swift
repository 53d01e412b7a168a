import Foundation

/// Entry points for the coverage-guided fuzzer (`make fuzz`): each takes arbitrary bytes and
/// runs one parser on them. They are public only so that `skillbook-fuzz` can reach code that
/// is otherwise internal; nothing else calls them.
public enum ParserFuzzEntry {
    /// The frontmatter splitter, libyaml and the manifest reader.
    public static func frontmatter(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let split = FrontmatterSplitter.split("---\n" + text, file: "fuzz.md")
        var diagnostics = split.diagnostics
        if let entries = split.frontmatter?.entries { _ = SkillManifest(entries: entries, diagnostics: &diagnostics) }
        let direct = YAMLReader.readMapping(text, file: "fuzz.yml", firstLine: 1)
        _ = direct.entries?.map(\.value.displayText)
    }

    /// cmark-gfm and the conversion to the typed tree, with every index the checks read.
    public static func markdown(_ bytes: [UInt8]) {
        // Inputs the loader refuses (SourceFileReader) never reach the parser.
        guard SourceFileReader.firstLongLine(in: Data(bytes)) == nil else { return }
        var diagnostics: [Diagnostic] = []
        let document = MarkdownDocument(path: "fuzz.md", text: String(decoding: bytes, as: UTF8.self), diagnostics: &diagnostics)
        _ = (document.title, document.rules.count, document.relatedSkillItems.count)
        _ = diagnostics.map(\.escapedForDisplay.description)
    }

    /// Link destinations: classification, relative path resolution and the site's page paths.
    public static func linkTarget(_ bytes: [UInt8]) {
        let destination = String(decoding: bytes, as: UTF8.self)
        let target = LinkTarget(destination)
        if let path = RelativePath.resolve(target.path, from: "a/b") {
            _ = (SitePaths.page(forSource: path), SitePaths.file(forSource: path), SitePaths.renaming(forSource: path))
            _ = SitePaths.url(to: SitePaths.page(forSource: path), from: "a/b/index.html")
        }
    }

    /// A small collection for fuzzing what reads a graph: skill `a` with the reference
    /// `a/references/fuzz.md` holding `text`, and skill `b`.
    public static func graph(withReference text: String) -> SkillGraph {
        var diagnostics: [Diagnostic] = []
        let reference = MarkdownDocument(path: "a/references/fuzz.md", text: text, diagnostics: &diagnostics)
        let skillA = MarkdownDocument(path: "a/SKILL.md", text: "---\nname: a\ndescription: A.\n---\n# A\n\n## Part\n",
                                      diagnostics: &diagnostics)
        let skillB = MarkdownDocument(path: "b/SKILL.md", text: "# B\n\n## Other part\n", diagnostics: &diagnostics)
        let documents = [
            Document(path: "a/SKILL.md", kind: .skill, skillFolder: "a", markdown: skillA),
            Document(path: "a/references/fuzz.md", kind: .reference, skillFolder: "a", markdown: reference),
            Document(path: "b/SKILL.md", kind: .skill, skillFolder: "b", markdown: skillB),
        ]
        let skills = [
            Skill(name: "a", folder: "a", skillFile: "a/SKILL.md", manifest: nil, documents: ["a/references/fuzz.md"]),
            Skill(name: "b", folder: "b", skillFile: "b/SKILL.md", manifest: nil, documents: []),
        ]
        return SkillGraph(root: "/nonexistent-skillbook-fuzz-root", skills: skills, documents: documents, diagnostics: diagnostics)
    }
}
