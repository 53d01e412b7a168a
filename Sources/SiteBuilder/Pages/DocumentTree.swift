import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// A skill's documents as the folders they live in (`references/`, `reference/api/`, …), for
/// the skill page and the sidebar: a long flat list of sixty paths hides how a skill is laid
/// out. A folder holding a single sub-folder is shown as one `a/b` entry.
enum DocumentTree {
    private final class Folder {
        var folders: [String: Folder] = [:]
        var documents: [Document] = []
    }

    /// Nested values for the recursive `document-tree` partial: `{isFolder, name, children}` or
    /// `{isFolder: false, title, href, path, isPage}`.
    static func values(_ skill: Skill, page: PlannedPage, graph: SkillGraph, strings: InterfaceStrings) -> [MustacheValue] {
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
        return values(root, prefix: "", skill: skill, page: page, strings: strings)
    }

    private static func values(_ folder: Folder, prefix: String, skill: Skill, page: PlannedPage, strings: InterfaceStrings) -> [MustacheValue] {
        var result: [MustacheValue] = folder.documents.sorted { $0.path < $1.path }.map { document in
            let target = SitePaths.page(forSource: document.path)
            return [
                "isFolder": false,
                "title": .string(document.title),
                "href": .string(SitePaths.url(to: target, from: page.path)),
                "path": .string(document.path.split(separator: "/").last.map(String.init) ?? document.path),
                "isPage": .bool(target == page.path),
                "name": .null, "children": .list([]), "count": .null,
            ]
        }
        for name in folder.folders.keys.sorted() {
            var inner = folder.folders[name]!
            var label = name
            // `a/` holding only `b/` reads as `a/b/`.
            while inner.documents.isEmpty, inner.folders.count == 1, let only = inner.folders.first {
                label += "/" + only.key
                inner = only.value
            }
            let children = values(inner, prefix: prefix + label + "/", skill: skill, page: page, strings: strings)
            result.append([
                "isFolder": true,
                "name": .string(label + "/"),
                "count": .string(strings.count("documentCount", count(inner))),
                "children": .list(children),
                "title": .null, "href": .null, "path": .null, "isPage": false,
            ])
        }
        return result
    }

    private static func count(_ folder: Folder) -> Int {
        folder.documents.count + folder.folders.values.reduce(0) { $0 + count($1) }
    }
}
