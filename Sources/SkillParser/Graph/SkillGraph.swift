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

    private var documentIndex: [String: Int] = [:]
    private var skillsByName: [String: [Int]] = [:]
    private var skillsByFolder: [String: Int] = [:]
    private var incomingIndex: [String: [Int]] = [:]

    public init(root: String, skills: [Skill], documents: [Document], diagnostics: [Diagnostic]) {
        self.root = root
        self.skills = skills.sorted { $0.folder < $1.folder }
        self.documents = documents.sorted { $0.path < $1.path }
        self.diagnostics = diagnostics.sorted()
        self.edges = []
        for (index, document) in self.documents.enumerated() { documentIndex[document.path] = index }
        for (index, skill) in self.skills.enumerated() {
            skillsByName[skill.name, default: []].append(index)
            skillsByFolder[skill.folder] = index
        }
        edges = EdgeBuilder(graph: self).edges().sorted()
        for (index, edge) in edges.enumerated() { incomingIndex[edge.to, default: []].append(index) }
    }

    public func document(at path: String) -> Document? {
        documentIndex[path].map { documents[$0] }
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

    /// The skill a document belongs to.
    public func skill(of document: Document) -> Skill? {
        document.skillFolder.flatMap { skill(inFolder: $0) }
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
