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

    /// Reads one of those files as the loader does: a FIFO, a device or a file over
    /// `InputLimits.maximumFileBytes` is refused with the loader's diagnostic instead of
    /// blocking or filling memory. `file` is the root-relative path the diagnostic names.
    public static func readFile(atPath path: String, file: String) -> (data: Data?, problem: Diagnostic?) {
        switch SourceFileReader.read(path) {
        case .success(let data): (data, nil)
        case .failure(let failure): (nil, SourceFileReader.diagnostic(for: failure, file: file))
        }
    }
}
