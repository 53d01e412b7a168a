import SkillParser
import SkillDuplicates
/// What every check reads: the graph, the configuration, the options, and indexes built once
/// and shared (files on disk, anchors of each document, skill names).
public struct CheckContext: Sendable {
    public let graph: SkillGraph
    public let config: CollectionConfig
    public let options: CheckOptions
    /// Duplicate clusters found by the caller, when it has them; `duplicate-rule` finds its own otherwise.
    public let duplicates: [DuplicateCluster]?

    let files: FileIndex
    private let anchorIndexes: [String: AnchorIndex]
    /// Names that refer to a skill: every skill's name and the configured external skills.
    let knownSkillNames: Set<String>
    /// The same names, sorted, for deterministic suggestions.
    let sortedSkillNames: [String]
    /// Files whose frontmatter could not be read as a map; their manifest is not checked field by field.
    let unreadableFrontmatter: Set<String>

    public init(graph: SkillGraph, config: CollectionConfig = CollectionConfig(), options: CheckOptions = CheckOptions(),
                duplicates: [DuplicateCluster]? = nil) {
        self.graph = graph
        self.config = config
        self.options = options
        self.duplicates = duplicates
        files = FileIndex(root: graph.root)
        var anchors: [String: AnchorIndex] = [:]
        for document in graph.documents { anchors[document.path] = AnchorIndex(document.markdown) }
        anchorIndexes = anchors
        knownSkillNames = Set(graph.skills.map(\.name)).union(config.externalSkills)
        sortedSkillNames = knownSkillNames.sorted()
        unreadableFrontmatter = Set(graph.diagnostics
            .filter { ["invalid-yaml", "frontmatter-not-mapping"].contains($0.code) }
            .map(\.location.file))
    }

    func anchors(of path: String) -> AnchorIndex? {
        anchorIndexes[path]
    }

    /// Whether `name` is a skill of the collection or a declared external one.
    func isKnownSkill(_ name: String) -> Bool {
        knownSkillNames.contains(name)
    }

    /// The root-relative path a site-absolute link (`/docs/x.md`) means, when `site_root` says
    /// which folder `/` is; `nil` without it or when the path leaves the root.
    func sitePath(_ path: String) -> String? {
        guard let siteRoot = config.siteRoot, let base = RelativePath.resolve(siteRoot, from: "") else { return nil }
        return RelativePath.resolve(String(path.drop { $0 == "/" }), from: base)
    }

    /// A root-relative path written from a document's folder, as a link destination would be.
    func linkText(to path: String, from document: Document) -> String {
        RelativePath.relative(path, from: RelativePath.folder(of: document.path))
    }
}

extension CheckContext {
    /// The name of a skill's folder; for a skill at the content root, the root folder's own name.
    func folderName(of skill: Skill) -> String {
        skill.folder.isEmpty ? (graph.root.split(separator: "/").last.map(String.init) ?? "") : skill.folderName
    }

    /// Where a skill's frontmatter opens, for problems about a key that is not there.
    func frontmatterLocation(of skill: Skill) -> SourceLocation {
        let line = graph.document(at: skill.skillFile)?.markdown.frontmatter?.openingLine ?? 1
        return SourceLocation(file: skill.skillFile, line: line)
    }

    /// Where a skill's `name` is written, else where its frontmatter opens.
    func nameLocation(of skill: Skill) -> SourceLocation {
        skill.manifest?.entry("name")?.location ?? frontmatterLocation(of: skill)
    }
}
