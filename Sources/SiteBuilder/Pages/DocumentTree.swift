import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// A skill's documents as the folders they live in (`references/`, `reference/api/`, …), for
/// the skill page and the sidebar: a long flat list of sixty paths hides how a skill is laid
/// out. A folder holding a single sub-folder is shown as one `a/b` entry.
///
/// The tree is worked out once per skill (`SiteFrame.documentTrees`); each page of the skill
/// then only writes its own links into it.
struct DocumentTree: Sendable {
    indirect enum Node: Sendable {
        case document(title: String, target: PreparedTarget, name: String)
        case folder(label: String, count: String, children: [Node])
    }

    let nodes: [Node]
    /// Where each page's node sits in `nodes` (child indices from the top), by page path.
    private let positions: [String: [[Int]]]
    /// The values with every link written from one folder and no node marked as the page, by
    /// folder: every page of a skill shows its tree, and most of a skill's pages share a folder.
    private let valuesFrom = ValuesMemo<String, [MustacheValue]>()

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
        var positions: [String: [[Int]]] = [:]
        func collect(_ nodes: [Node], above: [Int]) {
            for (index, node) in nodes.enumerated() {
                switch node {
                case .document(_, let target, _): positions[target.path, default: []].append(above + [index])
                case .folder(_, _, let children): collect(children, above: above + [index])
                }
            }
        }
        collect(nodes, above: [])
        self.positions = positions
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
    ///
    /// Made once per folder and then only marked for the page: made for every page, a skill of
    /// N documents made N² values (a sixth of the render step went to their allocations).
    func values(page: PlannedPage) -> [MustacheValue] {
        let origin = PreparedTarget.From(page: page.path)
        var values = valuesFrom.value(RelativePath.folder(of: page.path)) { Self.values(nodes, from: origin, page: nil) }
        for position in positions[page.path] ?? [] { values = Self.markingPage(values, at: position[...]) }
        return values
    }

    /// `values` with the document node at `position` marked as the page.
    private static func markingPage(_ values: [MustacheValue], at position: ArraySlice<Int>) -> [MustacheValue] {
        guard let index = position.first, values.indices.contains(index), case .object(var members) = values[index] else { return values }
        if position.count == 1 {
            members["isPage"] = true
        } else if case .list(let children)? = members["children"] {
            members["children"] = .list(markingPage(children, at: position.dropFirst()))
        }
        var values = values
        values[index] = .object(members)
        return values
    }

    /// The nodes' values with links from `origin`; the node of `page` (none when `nil`) marked.
    private static func values(_ nodes: [Node], from origin: PreparedTarget.From, page: String?) -> [MustacheValue] {
        nodes.map { node in
            switch node {
            case .document(let title, let target, let name):
                [
                    "isFolder": false,
                    "title": .string(title),
                    "href": .string(target.url(from: origin)),
                    "path": .string(name),
                    "isPage": .bool(target.path == page),
                    "name": .null, "children": .list([]), "count": .null,
                ]
            case .folder(let label, let count, let children):
                [
                    "isFolder": true,
                    "name": .string(label),
                    "count": .string(count),
                    "children": .list(values(children, from: origin, page: page)),
                    "title": .null, "href": .null, "path": .null, "isPage": false,
                ]
            }
        }
    }
}
