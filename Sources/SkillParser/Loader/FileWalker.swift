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

    /// Whether `folder` is the root of a site `skillbook build` wrote: its marker holds exactly
    /// what the build writes, beside a home page, and the folder is not itself a skill. A
    /// stray or empty marker (say, in a pull request) must not hide skills from the checks.
    static func isBuiltSite(_ folder: URL) -> Bool {
        let manager = FileManager.default
        let marker = folder.appendingPathComponent(CollectionLoader.siteMarkerFile).path
        guard manager.fileExists(atPath: folder.appendingPathComponent("index.html").path),
              !manager.fileExists(atPath: folder.appendingPathComponent("SKILL.md").path),
              case .success(let data) = SourceFileReader.read(marker)
        else { return false }
        return data == Data(CollectionLoader.siteMarkerText.utf8)
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
                if Self.isBuiltSite(entry) {
                    diagnostics.append(Diagnostic(.note, code: "site-folder-skipped",
                                                  "skipped \(path): a site built by skillbook build",
                                                  at: SourceLocation(file: path, line: 1)))
                    continue
                }
                walk(folder: path, into: &result)
            } else if name.hasSuffix(".md") {
                result.append(path)
            }
        }
    }
}
