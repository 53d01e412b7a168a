/// Derives the typed edges of a graph from its documents.
struct EdgeBuilder {
    let graph: SkillGraph
    /// The `contains` edges of each skill, by its SKILL.md, where they are located.
    private let contained: [String: [Edge]]

    init(graph: SkillGraph) {
        self.graph = graph
        var contained: [String: [Edge]] = [:]
        for skill in graph.skills {
            contained[skill.skillFile] = ([skill.skillFile] + skill.documents).map { path in
                Edge(from: skill.name, to: path, kind: .contains, anchor: nil,
                     location: SourceLocation(file: skill.skillFile, line: 1))
            }
        }
        self.contained = contained
    }

    /// The edges located in `document`, sorted. An edge is located in the document it comes from
    /// (a `contains` edge in the skill's SKILL.md), and location orders edges first, by file: so
    /// each document's edges are sorted on their own, on all cores, and joined in document (path)
    /// order (`joined`). One sort of all the edges was a tenth of loading 10,000 skills, and grew
    /// faster than them.
    func edges(of document: Document) -> [Edge] {
        var edges = (contained[document.path] ?? []) + edges(from: document)
        edges.sort()
        return edges
    }

    /// The arrays one after another, copied into place on all cores, each array let go by the
    /// thread that copied it (`parts` is left empty): joined on the main thread, copying and
    /// then releasing every edge took 88 ms of loading 10,000 synthetic skills (perf).
    static func joined(_ parts: inout [[Edge]]) -> [Edge] {
        var starts: [Int] = []
        starts.reserveCapacity(parts.count + 1)
        var total = 0
        for part in parts {
            starts.append(total)
            total += part.count
        }
        let result = [Edge](unsafeUninitializedCapacity: total) { buffer, initialized in
            guard total > 0, let base = buffer.baseAddress else { return }
            let target = UncheckedSendable(base)
            parts.withUnsafeMutableBufferPointer { source in
                let source = UncheckedSendable(source.baseAddress!)
                Parallel.forEachChunk(starts.count, minimumChunk: 64) { range in
                    for index in range {
                        var part: [Edge] = []
                        swap(&part, &source.value[index])
                        part.withUnsafeBufferPointer { edges in
                            guard let first = edges.baseAddress else { return }
                            (target.value + starts[index]).initialize(from: first, count: edges.count)
                        }
                    }
                }
            }
            initialized = total
        }
        parts = []
        return result
    }

    private func edges(from document: Document) -> [Edge] {
        var result: [Edge] = []
        let markdown = document.markdown
        for reference in graph.references(in: document.path) {
            guard case .document(let path, _) = reference.resolution else { continue }
            let target = LinkTarget(reference.destination)
            let anchor = target.anchor
            // A link to a skill's folder or SKILL.md mentions the skill.
            if target.kind != .sameDocument, let skill = graph.skill(inFolder: RelativePath.folder(of: path)),
               skill.skillFile == path {
                result.append(Edge(from: document.path, to: skill.name, kind: .mentions, anchor: anchor,
                                   location: reference.location))
            }
            result.append(Edge(from: document.path, to: path, kind: .link, anchor: anchor, location: reference.location))
        }
        // An item of "Related skills" is a `related` edge; its code span is not a mention too.
        var relatedLines = Set<String>()
        for item in graph.relatedSkillItems(in: document.path) {
            if let skill = graph.skill(named: item.name) {
                result.append(Edge(from: document.path, to: skill.name, kind: .related, anchor: nil, location: item.location))
                relatedLines.insert("\(skill.name):\(item.location.line)")
            }
        }
        for span in markdown.codeSpans {
            switch graph.mention(of: span.code, in: document) {
            case .skill(let name):
                guard !relatedLines.contains("\(name):\(span.location.line)") else { continue }
                result.append(Edge(from: document.path, to: name, kind: .mentions, anchor: nil, location: span.location))
            case .path(let path):
                result.append(Edge(from: document.path, to: path, kind: .path, anchor: nil, location: span.location))
            case nil:
                continue
            }
        }
        return result
    }
}

/// Paths written in code spans, such as `references/patterns.md` or `../SKILL.md`.
public enum CodePath {
    /// Whether a code span reads as a path to a Markdown file of a collection.
    public static func looksLikePath(_ code: String) -> Bool {
        // Most code spans do not end in `d`; that byte rules out `.md` before any string search.
        guard code.utf8.last == UInt8(ascii: "d") else { return false }
        return asciiLooksLikePath(code.utf8) ?? characterLooksLikePath(code)
    }

    /// `looksLikePath` read by characters, for any text.
    static func characterLooksLikePath(_ code: String) -> Bool {
        guard !code.contains(" "), code.hasSuffix(".md"), !code.contains("://") else { return false }
        return code.contains("/") || code == "SKILL.md"
    }

    /// `looksLikePath` read from the bytes of ASCII text, where a byte is a character (no
    /// Foundation string search per code span); `nil` for other text.
    static func asciiLooksLikePath(_ code: String.UTF8View) -> Bool? {
        var slash = false, space = false, schemeSlashes = false
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in code {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: " ") { space = true }
            if byte == UInt8(ascii: "/") {
                slash = true
                if previous == (UInt8(ascii: ":"), UInt8(ascii: "/")) { schemeSlashes = true }
            }
            previous = (previous.1, byte)
        }
        guard !space, !schemeSlashes, code.count >= 3, code.suffix(3).elementsEqual(".md".utf8) else { return false }
        return slash || code.elementsEqual("SKILL.md".utf8)
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
