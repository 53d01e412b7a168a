import Foundation

/// Lists the Markdown files under a content root, sorted, without leaving it.
struct FileWalker {
    /// Folder names never descended into.
    static let skippedFolders: Set<String> = [".build", "node_modules"]

    let root: URL
    private(set) var diagnostics: [Diagnostic] = []

    init(root: URL) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
    }

    /// Root-relative paths of every `.md` file, sorted.
    mutating func markdownFiles() -> [String] {
        var result: [String] = []
        walk(folder: "", into: &result)
        return result.sorted()
    }

    private mutating func walk(folder: String, into result: inout [String]) {
        let manager = FileManager.default
        let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: url.path).sorted()
        } catch {
            diagnostics.append(Diagnostic(.warning, code: "unreadable-file", "cannot list this folder: \(error.localizedDescription)",
                                          at: SourceLocation(file: folder.isEmpty ? "." : folder, line: 1)))
            return
        }
        for name in names where !name.hasPrefix(".") && !Self.skippedFolders.contains(name) {
            let path = folder.isEmpty ? name : "\(folder)/\(name)"
            let entry = root.appendingPathComponent(path)
            guard let values = try? entry.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey]) else { continue }
            if values.isSymbolicLink == true {
                // A link is followed only to a file that stays inside the root; linked folders are
                // skipped, which also rules out cycles.
                let target = entry.resolvingSymlinksInPath()
                let inside = target.path.hasPrefix(root.path + "/")
                var isFolder: ObjCBool = false
                if inside, manager.fileExists(atPath: target.path, isDirectory: &isFolder), !isFolder.boolValue,
                   name.hasSuffix(".md") {
                    result.append(path)
                }
                continue
            }
            if values.isDirectory == true {
                // A site built by `skillbook build` inside the collection holds copies of its Markdown.
                if manager.fileExists(atPath: entry.appendingPathComponent(CollectionLoader.siteMarkerFile).path) { continue }
                walk(folder: path, into: &result)
            } else if name.hasSuffix(".md") {
                result.append(path)
            }
        }
    }
}
