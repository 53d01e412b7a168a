import Foundation

/// Loads a content root into a `SkillGraph`: walks it, reads each Markdown file once, parses
/// the files on all cores, and groups documents into skills.
public enum CollectionLoader {
    /// The file that marks a folder as a site built by `skillbook build`; loading skips such folders.
    public static let siteMarkerFile = ".skillbook-site"

    public enum LoadError: Error, CustomStringConvertible {
        case notAFolder(String)
        case missing(String)

        public var description: String {
            switch self {
            case .notAFolder(let path): "\(path): not a folder; give the folder that holds the skills"
            case .missing(let path): "\(path): no such folder; give the folder that holds the skills"
            }
        }
    }

    /// `config` supplies `site_root`, which site-absolute links resolve against.
    public static func load(root path: String, config: CollectionConfig = CollectionConfig()) throws -> SkillGraph {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw LoadError.missing(path) }
        guard isFolder.boolValue else { throw LoadError.notAFolder(path) }
        let rootURL = URL(fileURLWithPath: path)
        var walker = FileWalker(root: rootURL)
        let files = walker.markdownFiles()
        let parsed = parse(files, root: walker.root)

        var diagnostics = walker.diagnostics
        var markdowns: [MarkdownDocument] = []
        for result in parsed {
            diagnostics += result.diagnostics
            if let markdown = result.document { markdowns.append(markdown) }
        }
        let (skills, documents) = group(markdowns, diagnostics: &diagnostics)
        return SkillGraph(root: walker.root.path, skills: skills, documents: documents, diagnostics: diagnostics,
                          siteRoot: config.siteRoot)
    }

    private struct ParseResult: Sendable {
        var document: MarkdownDocument?
        var diagnostics: [Diagnostic]
    }

    /// Reads and parses every file, in parallel; results keep the order of `files`.
    private static func parse(_ files: [String], root: URL) -> [ParseResult] {
        Parallel.map(files.count, minimumChunk: 1) { parseFile(files[$0], root: root) }
    }

    private static func parseFile(_ path: String, root: URL) -> ParseResult {
        let data: Data
        switch SourceFileReader.read(root.appendingPathComponent(path).path) {
        case .success(let bytes): data = bytes
        case .failure(let failure):
            return ParseResult(document: nil, diagnostics: [SourceFileReader.diagnostic(for: failure, file: path)])
        }
        guard let text = String(validatingUTF8Data: data) else {
            return ParseResult(document: nil, diagnostics: [
                Diagnostic(.error, code: "invalid-utf8", "file is not valid UTF-8 and was skipped",
                           at: SourceLocation(file: path, line: invalidUTF8Line(data)),
                           suggestion: "save the file as UTF-8"),
            ])
        }
        var diagnostics: [Diagnostic] = []
        let document = MarkdownDocument(path: path, text: text, diagnostics: &diagnostics)
        return ParseResult(document: document, diagnostics: diagnostics)
    }

    /// The line of the first byte that breaks UTF-8, for the diagnostic.
    private static func invalidUTF8Line(_ data: Data) -> Int {
        var line = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return line
            case .error: return line
            }
        }
    }

    /// Every folder with a `SKILL.md` is a skill; every other file belongs to the nearest skill
    /// folder above it, or is loose.
    private static func group(_ markdowns: [MarkdownDocument], diagnostics: inout [Diagnostic])
        -> ([Skill], [Document])
    {
        let skillFolders = Set(markdowns.map(\.path).filter { $0 == "SKILL.md" || $0.hasSuffix("/SKILL.md") }
            .map { RelativePath.folder(of: $0) })
        var documents: [Document] = []
        var members: [String: [String]] = [:]
        for markdown in markdowns {
            let owner = owningSkill(of: markdown.path, skillFolders: skillFolders)
            let kind: Document.Kind
            if let owner {
                let inside = owner.isEmpty ? markdown.path : String(markdown.path.dropFirst(owner.count + 1))
                kind = inside == "SKILL.md" ? .skill : inside.hasPrefix("references/") ? .reference : .other
                if kind != .skill { members[owner, default: []].append(markdown.path) }
            } else {
                kind = .loose
            }
            documents.append(Document(path: markdown.path, kind: kind, skillFolder: owner, markdown: markdown))
        }
        let skills = documents.filter { $0.kind == .skill }.map { document -> Skill in
            let folder = document.skillFolder ?? ""
            var manifest: SkillManifest?
            if let frontmatter = document.markdown.frontmatter {
                manifest = SkillManifest(entries: frontmatter.entries, diagnostics: &diagnostics)
            }
            let folderName = folder.split(separator: "/").last.map(String.init) ?? folder
            return Skill(name: manifest?.name ?? folderName, folder: folder, skillFile: document.path,
                         manifest: manifest, documents: (members[folder] ?? []).sorted())
        }
        return (skills, documents)
    }

    private static func owningSkill(of path: String, skillFolders: Set<String>) -> String? {
        var folder = RelativePath.folder(of: path)
        while true {
            if skillFolders.contains(folder) { return folder }
            if folder.isEmpty { return nil }
            folder = RelativePath.folder(of: folder)
        }
    }
}

extension String {
    /// Decodes UTF-8, failing on any invalid byte sequence instead of repairing it.
    init?(validatingUTF8Data data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}
