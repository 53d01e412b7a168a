import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// A skill's documents as the folders they live in (`references/`, `reference/api/`, …), for
/// the skill page and the sidebar: a long flat list of sixty paths hides how a skill is laid
/// out. A folder holding a single sub-folder is shown as one `a/b` entry.
///
/// The tree is worked out once per skill (`SiteContext.documentTrees`); each page of the skill
/// then only writes its own links into it.
struct DocumentTree: Sendable {
    indirect enum Node: Sendable {
        case document(title: String, target: PreparedTarget, name: String)
        case folder(label: String, count: String, children: [Node])
    }

    let nodes: [Node]

    private final class Folder {
        var folders: [String: Folder] = [:]
        var documents: [Document] = []
    }

    init(_ skill: Skill, graph: SkillGraph, strings: InterfaceStrings) {
        let root = Folder()
        for path in skill.documents {
            guard let document = graph.document(at: path) else { continue }
            let relative = skill.folder.isEmpty ? path : String(path.dropFirst(skill.folder.count + 1))
            var folder = root
            for part in relative.split(separator: "/").dropLast() {
                let name = String(part)
                if folder.folders[name] == nil { folder.folders[name] = Folder() }
                folder = folder.folders[name]!
            }
            folder.documents.append(document)
        }
        nodes = Self.nodes(root, strings: strings)
    }

    private static func nodes(_ folder: Folder, strings: InterfaceStrings) -> [Node] {
        var result: [Node] = folder.documents.sorted { $0.path < $1.path }.map { document in
            .document(title: document.title, target: PreparedTarget(SitePaths.page(forSource: document.path)),
                      name: document.path.split(separator: "/").last.map(String.init) ?? document.path)
        }
        for name in folder.folders.keys.sorted() {
            var inner = folder.folders[name]!
            var label = name
            // `a/` holding only `b/` reads as `a/b/`.
            while inner.documents.isEmpty, inner.folders.count == 1, let only = inner.folders.first {
                label += "/" + only.key
                inner = only.value
            }
            result.append(.folder(label: label + "/", count: strings.count("documentCount", count(inner)),
                                  children: nodes(inner, strings: strings)))
        }
        return result
    }

    private static func count(_ folder: Folder) -> Int {
        folder.documents.count + folder.folders.values.reduce(0) { $0 + count($1) }
    }

    var isEmpty: Bool { nodes.isEmpty }

    /// Nested values for the recursive `document-tree` partial: `{isFolder, name, children}` or
    /// `{isFolder: false, title, href, path, isPage}`, with links from `page`.
    func values(page: PlannedPage) -> [MustacheValue] {
        Self.values(nodes, from: PreparedTarget.From(page: page.path))
    }

    private static func values(_ nodes: [Node], from origin: PreparedTarget.From) -> [MustacheValue] {
        nodes.map { node in
            switch node {
            case .document(let title, let target, let name):
                [
                    "isFolder": false,
                    "title": .string(title),
                    "href": .string(target.url(from: origin)),
                    "path": .string(name),
                    "isPage": .bool(target.path == origin.page),
                    "name": .null, "children": .list([]), "count": .null,
                ]
            case .folder(let label, let count, let children):
                [
                    "isFolder": true,
                    "name": .string(label),
                    "count": .string(count),
                    "children": .list(values(children, from: origin)),
                    "title": .null, "href": .null, "path": .null, "isPage": false,
                ]
            }
        }
    }
}
