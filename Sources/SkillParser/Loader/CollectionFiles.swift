import Foundation

extension CollectionLoader {
    /// The Markdown files `load(root:)` would read (the same walk: hidden folders, `.build`,
    /// `node_modules` and built sites skipped, links kept inside the root), root-relative and
    /// sorted, without parsing them: for tools that rewrite files (`skillbook fmt`).
    public static func markdownFiles(root path: String) throws -> (root: String, files: [String]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw LoadError.notAFolder(path)
        }
        var walker = FileWalker(root: URL(fileURLWithPath: path))
        let files = walker.markdownFiles()
        return (walker.root.path, files)
    }
}
