import SkillParser
import SkillDuplicates
/// Existing files a broken path probably meant, written relative to the linking document.
enum LinkSuggestions {
    static func nearest(to path: String, from document: Document, context: CheckContext) -> [String] {
        let folder = RelativePath.folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var found: [String] = []
        // Backslashes written as on Windows, or a Markdown file linked without its extension.
        for candidate in [String(path.map { $0 == "\\" ? "/" : $0 }), path + ".md"] where candidate != path {
            if let resolved = RelativePath.resolve(candidate, from: ""), context.files.lookup(resolved) == .exists {
                found.append(resolved)
            }
        }
        // A slip in the file name: a near name in the folder the link points into.
        if let names = context.files.visibleNameCandidates(of: folder) {
            found += NearestNames.suggest(name, among: names, count: 2)
                .map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
        }
        // The right name in another folder of the skill the link points into (else the linking
        // document's own skill); a link to a folder is not matched by name.
        if !path.hasSuffix("/"), name.contains(".") {
            let scope = skillFolder(containing: path, context: context) ?? document.skillFolder
            let prefix = scope.map { $0.isEmpty ? "" : $0 + "/" }
            // By binary search: every SKILL.md has the same name, and a scan per broken link grew
            // with the square of the skills.
            let sameName = context.documentsByFileName[name] ?? []
            found += (prefix.map { Self.paths(under: $0, in: sameName) } ?? sameName[...]).filter { $0 != path }.prefix(2)
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }.prefix(3).map { context.linkText(to: $0, from: document) }
    }

    /// The paths of `sorted` that start with `prefix`.
    static func paths(under prefix: String, in sorted: [String]) -> ArraySlice<String> {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sorted.count, sorted[end].hasPrefix(prefix) { end += 1 }
        return sorted[low..<end]
    }

    /// The folder of the innermost skill that holds `path`.
    private static func skillFolder(containing path: String, context: CheckContext) -> String? {
        var folder = RelativePath.folder(of: path)
        while true {
            if context.graph.skill(inFolder: folder) != nil { return folder }
            if folder.isEmpty { return nil }
            folder = RelativePath.folder(of: folder)
        }
    }
}
