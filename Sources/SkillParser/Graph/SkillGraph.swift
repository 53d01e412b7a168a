/// A collection of skills as a value: skills, documents, typed edges with their reverse
/// index, and the problems found while loading.
public struct SkillGraph: Sendable {
    /// Absolute path of the content root.
    public var root: String
    /// Skills sorted by folder.
    public var skills: [Skill]
    /// Documents sorted by path.
    public var documents: [Document]
    /// Edges sorted by location.
    public var edges: [Edge]
    /// Problems found while loading and parsing, sorted.
    public var diagnostics: [Diagnostic]
    /// The folder site-absolute links (`/x.md`) start from, when `site_root` configures one.
    public let siteRoot: String?
    /// Files on disk under the root, for links to what is not a document.
    public let files: FileIndex
    /// Folders with a SKILL.md inside hidden folders that were not loaded (`.cache/x`); the
    /// `skills/` folder of a hidden folder and configured `include` folders are loaded.
    public var skippedHiddenSkills: [String] = []

    private var documentIndex: [String: Int] = [:]
    private var skillsByName: [String: [Int]] = [:]
    private var skillsByFolder: [String: Int] = [:]
    private var incomingIndex: [String: [Int]] = [:]
    /// Anchors of each document, indexed as `documents`, each made when first asked for: a rebuild
    /// resolves the links of a few documents, into the anchors of a few more (finding every
    /// document's anchors was a fifth of building the graph from the graph cache, perf).
    private var anchorTable: [MadeOnFirstRead<DocumentAnchors>] = []
    /// Resolved links of each document, indexed as `documents`.
    private var referenceTable: [[LinkReference]] = []
    /// The same, by destination as written, for renderers that meet a link in the tree.
    private var resolutionTable = ResolutionTable([])
    /// Items of the related-skills lists of each document, indexed as `documents`.
    private var relatedTable: [[RelatedSkillItem]] = []

    /// `siteRoot` is the configured `site_root`, which site-absolute links resolve against;
    /// `relatedHeadings` are configured headings of related-skills lists; `listings` are folders'
    /// names the loader listed already (`FileIndex`). With a `cache`, documents whose results it
    /// holds under the same inputs are taken from it (`GraphCache`), and it learns this graph's.
    public init(root: String, skills: [Skill], documents: [Document], diagnostics: [Diagnostic], siteRoot: String? = nil,
                relatedHeadings: [String] = [], listings: [String: [String]] = [:], cache: GraphCache? = nil) {
        self.root = root
        self.siteRoot = siteRoot.flatMap { RelativePath.resolve($0, from: "") }
        self.files = FileIndex(root: root, listings: listings)
        // The loader gives both in order already: checked, not sorted (a copy of each array).
        let skills = Self.sorted(skills) { $0.folder < $1.folder }
        let documents = Self.sorted(documents) { $0.path < $1.path }
        self.skills = skills
        self.documents = documents
        self.diagnostics = diagnostics.sorted()
        self.edges = []
        // The lookup tables are made on a thread of their own while the graph cache is checked
        // and the anchors found on all cores (nothing before the resolver reads them): at 10,000
        // synthetic skills they were ~60 ms of the load step's main thread, after the anchors
        // rather than beside them.
        let lookups = BackgroundStep { Lookups(skills: skills, documents: documents) }
        anchorTable = Parallel.map(documents.count, minimumChunk: 64) { index in
            let markdown = documents[index].markdown
            return MadeOnFirstRead(count: 0) { DocumentAnchors(markdown) }
        }
        let check = cache.map { GraphReuse.Check(cache: $0, graph: self, relatedHeadings: relatedHeadings) }
        let tables = try! lookups.wait()  // The work cannot fail.
        documentIndex = tables.documentIndex
        skillsByName = tables.skillsByName
        skillsByFolder = tables.skillsByFolder
        let resolver = ReferenceResolver(graph: self, files: files, siteRoot: self.siteRoot ?? "")
        let related = RelatedSkillLists(headings: relatedHeadings, skillNames: Set(self.skills.map(\.name)))
        let reuse = check.map { GraphReuse($0, graph: self) }
        // Each document's references and related-skills lists: from the cache, or worked out now.
        let results = Parallel.map(documents.count, minimumChunk: 16) { index -> (DocumentResults?, [LinkReference], [Int]) in
            if let reused = reuse?.results(of: index, resolver: resolver) { return (reused, reused.references, reused.relatedLists) }
            return (nil, resolver.references(in: documents[index]), related.relatedLists(in: documents[index]))
        }
        referenceTable = results.map(\.1)
        relatedTable = documents.indices.map { RelatedSkillLists.items(in: documents[$0], lists: results[$0].2) }
        resolutionTable = ResolutionTable(referenceTable)
        let builder = EdgeBuilder(graph: self)
        var perDocument = Parallel.map(documents.count, minimumChunk: 16) { index in
            results[index].0?.edges ?? builder.edges(of: documents[index])
        }
        if let reuse {
            let made = Parallel.map(documents.count, minimumChunk: 16) { index in
                results[index].0 == nil
                    ? DocumentResults(references: results[index].1, relatedLists: results[index].2, edges: perDocument[index]) : nil
            }
            reuse.save(made)
        }
        edges = EdgeBuilder.joined(&perDocument)
        assert(zip(edges, edges.dropFirst()).allSatisfy { !($1 < $0) }, "edges are located in their own documents")
        var incomingIndex: [String: [Int]] = Dictionary(minimumCapacity: documents.count + skills.count)
        for index in edges.indices { incomingIndex[edges[index].to, default: []].append(index) }
        self.incomingIndex = incomingIndex
    }

    /// `documentIndex`, `skillsByName` and `skillsByFolder`, each sized once.
    private struct Lookups {
        var documentIndex: [String: Int]
        var skillsByName: [String: [Int]]
        var skillsByFolder: [String: Int]

        init(skills: [Skill], documents: [Document]) {
            documentIndex = Dictionary(minimumCapacity: documents.count)
            for index in documents.indices { documentIndex[documents[index].path] = index }
            skillsByName = Dictionary(minimumCapacity: skills.count)
            skillsByFolder = Dictionary(minimumCapacity: skills.count)
            for index in skills.indices {
                skillsByName[skills[index].name, default: []].append(index)
                skillsByFolder[skills[index].folder] = index
            }
        }
    }

    /// `values` sorted (stably) by `precedes`; the same array when it is in order already.
    private static func sorted<Value>(_ values: [Value], by precedes: (Value, Value) -> Bool) -> [Value] {
        for index in values.indices.dropFirst() where precedes(values[index], values[index - 1]) {
            return values.sorted(by: precedes)
        }
        return values
    }

    /// The documents whose path starts with `prefix` (all of them for ""), in path order, found
    /// by binary search in the sorted documents rather than by a scan per question.
    public func documents(under prefix: String) -> ArraySlice<Document> {
        guard !prefix.isEmpty else { return documents[...] }
        var low = 0, high = documents.count
        while low < high {
            let middle = (low + high) / 2
            if documents[middle].path < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < documents.count, documents[end].path.hasPrefix(prefix) { end += 1 }
        return documents[low..<end]
    }

    /// The position of the document at `path` in `documents`.
    func documentPosition(of path: String) -> Int? {
        documentIndex[path]
    }

    public func document(at path: String) -> Document? {
        documentIndex[path].map { documents[$0] }
    }

    /// The position in `documents` of the document at `path`: for a caller that reads a value or
    /// two of many documents and needs no copy of each (a copy retains every list it holds).
    public func documentPosition(at path: String) -> Int? {
        documentIndex[path]
    }

    /// The skill with this name; the first by folder when two share it.
    public func skill(named name: String) -> Skill? {
        skillsByName[name]?.first.map { skills[$0] }
    }

    /// All skills with this name (more than one is a `duplicate-skill-name`).
    public func skills(named name: String) -> [Skill] {
        (skillsByName[name] ?? []).map { skills[$0] }
    }

    public func skill(inFolder folder: String) -> Skill? {
        skillsByFolder[folder].map { skills[$0] }
    }

    /// The position in `skills` of `skill(inFolder:)`: for a caller that meets many edges and
    /// needs only which skill, not a copy of it (its manifest and document list retained per edge).
    public func skillIndex(inFolder folder: String) -> Int? {
        skillsByFolder[folder]
    }

    /// The position in `skills` of `skill(named:)`.
    public func skillIndex(named name: String) -> Int? {
        skillsByName[name]?.first
    }

    /// The skill a document belongs to.
    public func skill(of document: Document) -> Skill? {
        document.skillFolder.flatMap { skill(inFolder: $0) }
    }

    /// The anchors `path` offers to links, when it is a document of the collection.
    public func anchors(of path: String) -> DocumentAnchors? {
        documentIndex[path].flatMap { $0 < anchorTable.count ? anchorTable[$0].value : nil }
    }

    /// The anchors of `documents[position]`.
    func anchors(atPosition position: Int) -> DocumentAnchors {
        anchorTable[position].value
    }

    /// Every link, image and raw-HTML reference of the document at `path`, resolved, in document order.
    public func references(in path: String) -> [LinkReference] {
        documentIndex[path].flatMap { $0 < referenceTable.count ? referenceTable[$0] : nil } ?? []
    }

    /// Where `destination`, written in the document at `path`, leads: the graph's own resolution
    /// of that link (computed the same way for a destination the document does not hold).
    public func resolution(of destination: String, in path: String) -> LinkResolution {
        if let index = documentIndex[path], let found = resolutionTable.resolution(of: destination, in: index) {
            return found
        }
        return ReferenceResolver(graph: self, files: files, siteRoot: siteRoot ?? "").resolve(destination, from: path)
    }

    /// The items of the related-skills lists of the document at `path`, whatever their language.
    public func relatedSkillItems(in path: String) -> [RelatedSkillItem] {
        documentIndex[path].flatMap { $0 < relatedTable.count ? relatedTable[$0] : nil } ?? []
    }

    /// What a code span written in `document` names: another skill (a skill's own name in its
    /// own documents is not a mention), else a path to a document of the collection.
    public func mention(of code: String, in document: Document) -> Mention? {
        let name = code.trimmingWhitespace
        if let skill = skill(named: name), skill.folder != document.skillFolder { return .skill(skill.name) }
        return CodePath.resolve(name, in: document, graph: self).map(Mention.path)
    }

    /// Edges that point at `target` (a document path or a skill name).
    public func incoming(_ target: String) -> [Edge] {
        (incomingIndex[target] ?? []).map { edges[$0] }
    }

    /// Edges that start at `source` (a document path or a skill name).
    public func outgoing(_ source: String) -> [Edge] {
        edges.filter { $0.from == source }
    }
}
