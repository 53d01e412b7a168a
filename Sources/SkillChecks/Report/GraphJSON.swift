import Foundation
import SkillParser
import SkillDuplicates

/// The graph as JSON, for tools and for the site. Bump `schemaVersion` when the shape changes.
///
/// Version 2 added `duplicates`: the clusters of rules stated more than once (see `DuplicateCluster`).
public enum GraphJSON {
    public static let schemaVersion = 3

    /// `duplicates` are the graph's duplicate clusters; when `nil`, they are found with the
    /// default `DuplicateOptions`.
    public static func encode(_ graph: SkillGraph, duplicates: [DuplicateCluster]? = nil) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Payload(graph: graph, duplicates: duplicates ?? DuplicateFinder().clusters(in: graph)))
    }

    struct Payload: Encodable {
        var schemaVersion = GraphJSON.schemaVersion
        var skills: [SkillDTO]
        var documents: [DocumentDTO]
        var edges: [Edge]
        var diagnostics: [Diagnostic]
        var duplicates: [DuplicateCluster]

        init(graph: SkillGraph, duplicates: [DuplicateCluster]) {
            skills = graph.skills.map(SkillDTO.init)
            documents = graph.documents.map { DocumentDTO($0, graph: graph) }
            edges = graph.edges
            diagnostics = graph.diagnostics
            self.duplicates = duplicates
        }
    }

    struct SkillDTO: Encodable {
        var name: String
        var folder: String
        var skillFile: String
        var manifest: SkillManifest?
        var documents: [String]

        init(_ skill: Skill) {
            name = skill.name
            folder = skill.folder
            skillFile = skill.skillFile
            manifest = skill.manifest
            documents = skill.documents
        }
    }

    struct DocumentDTO: Encodable {
        struct HeadingDTO: Encodable { var level: Int; var text: String; var anchor: String; var line: Int }
        /// A link with the graph's resolution of it, the one `check` and the site read.
        struct LinkDTO: Encodable {
            var destination: String
            var text: String
            var image: Bool
            /// `link`, `image`, `htmlLink` or `htmlImage`.
            var kind: LinkReference.Kind
            var line: Int
            var column: Int
            var resolution: ResolutionDTO
        }
        /// `kind` is `document`, `file`, `external` or `broken`; `anchor` says how a `#anchor` of a
        /// document link matched (`none`, `exact`, `top`, `prefixed`, `caseOnly`, `missing`) and
        /// `id` the anchor it names; `reason` says why a broken link leads nowhere.
        struct ResolutionDTO: Encodable {
            var kind: String
            var target: String?
            var anchor: String?
            var id: String?
            var reason: String?
            var broken: Bool
        }
        struct CodeBlockDTO: Encodable { var language: String?; var fenced: Bool; var line: Int; var lines: Int }
        struct TableDTO: Encodable { var line: Int; var alignments: [TableAlignment]; var header: [String]; var rows: [[String]] }
        struct RuleDTO: Encodable { var kind: Rule.Kind; var text: String; var headingPath: [String]; var line: Int }

        var path: String
        var kind: Document.Kind
        var skill: String?
        var title: String
        var frontmatter: YAMLValue?
        var headings: [HeadingDTO]
        var links: [LinkDTO]
        var codeBlocks: [CodeBlockDTO]
        var tables: [TableDTO]
        var rules: [RuleDTO]

        init(_ document: Document, graph: SkillGraph) {
            let markdown = document.markdown
            path = document.path
            kind = document.kind
            skill = document.skillFolder
            title = document.title
            frontmatter = markdown.frontmatter.map { .map($0.entries) }
            headings = markdown.headings.map { HeadingDTO(level: $0.level, text: $0.text, anchor: $0.anchor, line: $0.location.line) }
            links = graph.references(in: document.path).map {
                LinkDTO(destination: $0.destination, text: $0.text, image: $0.kind.isImage, kind: $0.kind,
                        line: $0.location.line, column: $0.location.column, resolution: ResolutionDTO($0.resolution))
            }
            codeBlocks = markdown.codeBlocks.map {
                CodeBlockDTO(language: $0.language, fenced: $0.fenced, line: $0.location.line,
                             lines: $0.code.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
            }
            tables = markdown.tables.map {
                TableDTO(line: $0.location.line, alignments: $0.alignments, header: $0.header.map(\.text),
                         rows: $0.rows.map { $0.map(\.text) })
            }
            rules = markdown.rules.map { RuleDTO(kind: $0.kind, text: $0.text, headingPath: $0.headingPath, line: $0.location.line) }
        }
    }
}

extension GraphJSON.DocumentDTO.ResolutionDTO {
    init(_ resolution: LinkResolution) {
        broken = resolution.isBroken
        switch resolution {
        case .external(let url):
            kind = "external"; target = url
        case .file(let path):
            kind = "file"; target = path
        case .broken(let why):
            kind = "broken"; reason = why.reason
        case .document(let path, let match):
            kind = "document"; target = path; id = match.id
            switch match {
            case .none: anchor = "none"
            case .exact: anchor = "exact"
            case .top: anchor = "top"
            case .prefixed: anchor = "prefixed"
            case .caseOnly: anchor = "caseOnly"
            case .missing: anchor = "missing"; reason = "no heading or HTML id of \(path) matches"
            }
        }
    }
}

/// The graph in Graphviz's DOT language: skills as boxes, skill-to-skill edges between them.
public enum GraphDOT {
    public static func render(_ graph: SkillGraph) -> String {
        var lines = ["digraph skills {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for skill in graph.skills {
            lines.append("  \(quote(skill.name));")
        }
        var seen = Set<String>()
        for edge in graph.edges where edge.kind == .mentions || edge.kind == .related || edge.kind == .link {
            guard let document = graph.document(at: edge.from), let source = graph.skill(of: document) else { continue }
            let targetName: String
            if edge.kind == .link {
                guard let targetDocument = graph.document(at: edge.to), let target = graph.skill(of: targetDocument) else { continue }
                targetName = target.name
            } else {
                targetName = edge.to
            }
            guard targetName != source.name else { continue }
            let line = "  \(quote(source.name)) -> \(quote(targetName));"
            if seen.insert(line).inserted { lines.append(line) }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
