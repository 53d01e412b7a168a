import SkillParser
import SkillDuplicates
/// What every check reads: the graph (with every link already resolved), the configuration,
/// the options, and indexes built once and shared (files on disk, skill names).
public struct CheckContext: Sendable {
    public let graph: SkillGraph
    public let config: CollectionConfig
    public let options: CheckOptions
    /// Duplicate clusters found by the caller, when it has them; `duplicate-rule` finds its own otherwise.
    public private(set) var duplicates: [DuplicateCluster]?

    /// Files on disk, for suggestions; the graph's own index, so listings are read once.
    var files: FileIndex { graph.files }
    /// Names that refer to a skill: every skill's name and the configured external skills.
    let knownSkillNames: Set<String>
    /// The same names, sorted, for deterministic suggestions.
    let sortedSkillNames: [String]
    /// The same, prepared for "did you mean" lookups.
    let skillNameCandidates: NearestNames.Candidates
    /// Skill names by the name of their folder, in the graph's order.
    let skillNamesByFolderName: [String: [String]]
    /// Document paths by file name (`patterns.md`), in path order: where a misplaced link may have meant.
    let documentsByFileName: [String: [String]]
    /// Files whose frontmatter could not be read as a map; their manifest is not checked field by field.
    let unreadableFrontmatter: Set<String>

    public init(graph: SkillGraph, config: CollectionConfig = CollectionConfig(), options: CheckOptions = CheckOptions(),
                duplicates: [DuplicateCluster]? = nil) {
        self.graph = graph
        self.config = config
        self.options = options
        self.duplicates = duplicates
        // One pass over the skills and one over the documents, each table sized once and each
        // file name found from the path's end: at 10,000 synthetic skills this init was 0.12 s
        // of the check step's main thread (28x the 1,000 skills' time: split arrays per path,
        // skills copied, tables grown by rehashing).
        let skills = graph.skills
        var names = Set<String>(minimumCapacity: skills.count + config.externalSkills.count)
        var byFolderName: [String: [String]] = Dictionary(minimumCapacity: skills.count)
        for index in skills.indices {
            let name = skills[index].name
            names.insert(name)
            byFolderName[skills[index].folderName, default: []].append(name)
        }
        names.formUnion(config.externalSkills)
        knownSkillNames = names
        sortedSkillNames = names.sorted()
        skillNameCandidates = NearestNames.Candidates(sortedSkillNames)
        skillNamesByFolderName = byFolderName
        var byFileName: [String: [String]] = [:]
        for document in graph.documents {
            byFileName[PathSegments.last(document.path).map(String.init) ?? document.path, default: []].append(document.path)
        }
        documentsByFileName = byFileName
        unreadableFrontmatter = Set(graph.diagnostics
            .filter { ["invalid-yaml", "frontmatter-not-mapping"].contains($0.code) }
            .map(\.location.file))
    }

    /// The same context with the caller's duplicate clusters (`CheckRunner.prepare` makes the
    /// context before they are found).
    func with(duplicates: [DuplicateCluster]?) -> CheckContext {
        var copy = self
        copy.duplicates = duplicates
        return copy
    }

    /// Whether `name` is a skill of the collection or a declared external one.
    func isKnownSkill(_ name: String) -> Bool {
        knownSkillNames.contains(name)
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
