/// Derives the typed edges of a graph from its documents.
struct EdgeBuilder {
    let graph: SkillGraph

    func edges() -> [Edge] {
        var result: [Edge] = []
        for skill in graph.skills {
            for path in [skill.skillFile] + skill.documents {
                result.append(Edge(from: skill.name, to: path, kind: .contains, anchor: nil,
                                   location: SourceLocation(file: skill.skillFile, line: 1)))
            }
        }
        for document in graph.documents {
            result += edges(from: document)
        }
        return result
    }

    private func edges(from document: Document) -> [Edge] {
        var result: [Edge] = []
        let markdown = document.markdown
        let folder = RelativePath.folder(of: document.path)
        for link in markdown.links + markdown.images {
            let target = LinkTarget(link.destination)
            switch target.kind {
            case .relative:
                guard let path = RelativePath.resolve(target.path, from: folder) else { continue }
                if let skill = graph.skill(inFolder: path) ?? graph.skill(inFolder: RelativePath.folder(of: path)),
                   path == skill.folder || path == skill.skillFile {
                    result.append(Edge(from: document.path, to: skill.name, kind: .mentions, anchor: target.anchor,
                                       location: link.location))
                }
                if graph.document(at: path) != nil {
                    result.append(Edge(from: document.path, to: path, kind: .link, anchor: target.anchor,
                                       location: link.location))
                }
            case .sameDocument:
                result.append(Edge(from: document.path, to: document.path, kind: .link, anchor: target.anchor,
                                   location: link.location))
            case .external, .siteAbsolute, .empty:
                continue
            }
        }
        // An item of "Related skills" is a `related` edge; its code span is not a mention too.
        var relatedLines = Set<String>()
        for item in markdown.relatedSkillItems {
            if let skill = graph.skill(named: item.name) {
                result.append(Edge(from: document.path, to: skill.name, kind: .related, anchor: nil, location: item.location))
                relatedLines.insert("\(skill.name):\(item.location.line)")
            }
        }
        for span in markdown.codeSpans {
            let code = span.code.trimmingWhitespace
            if let skill = graph.skill(named: code), skill.folder != document.skillFolder {
                guard !relatedLines.contains("\(skill.name):\(span.location.line)") else { continue }
                result.append(Edge(from: document.path, to: skill.name, kind: .mentions, anchor: nil, location: span.location))
            } else if let path = CodePath.resolve(code, in: document, graph: graph) {
                result.append(Edge(from: document.path, to: path, kind: .path, anchor: nil, location: span.location))
            }
        }
        return result
    }
}

/// Paths written in code spans, such as `references/patterns.md` or `../SKILL.md`.
public enum CodePath {
    /// Whether a code span reads as a path to a Markdown file of a collection.
    public static func looksLikePath(_ code: String) -> Bool {
        guard !code.contains(" "), code.hasSuffix(".md"), !code.contains("://") else { return false }
        return code.contains("/") || code == "SKILL.md"
    }

    /// Where a path written in a document points, trying the document's folder first and then
    /// its skill's root. Returns the first candidate that exists, or `nil` when none does.
    public static func resolve(_ code: String, in document: Document, graph: SkillGraph) -> String? {
        guard looksLikePath(code) else { return nil }
        return candidates(code, in: document).first { graph.document(at: $0) != nil }
    }

    /// The root-relative paths a written path may mean, most likely first.
    public static func candidates(_ code: String, in document: Document) -> [String] {
        var folders = [RelativePath.folder(of: document.path)]
        if let skillFolder = document.skillFolder, !folders.contains(skillFolder) { folders.append(skillFolder) }
        return folders.compactMap { RelativePath.resolve(code, from: $0) }
    }
}
