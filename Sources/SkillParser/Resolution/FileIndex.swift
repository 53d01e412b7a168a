import Foundation

/// Answers "does this root-relative path exist, and with exactly this letter case?" by
/// listing folders on disk, so the answer is the same on case-insensitive macOS and on Linux.
/// Listings are cached; the index is safe to share between threads.
public final class FileIndex: @unchecked Sendable {
    public enum Lookup: Equatable {
        case exists
        /// The path exists only with other letter case; the path as it is on disk.
        case caseMismatch(String)
        case missing
    }

    private let root: URL
    private let lock = NSLock()
    private var listings: [String: [String]?] = [:]

    public init(root: String) {
        self.root = URL(fileURLWithPath: root)
    }

    public func lookup(_ path: String) -> Lookup {
        var folder = ""
        var actual: [String] = []
        var mismatch = false
        for part in path.split(separator: "/").map(String.init) {
            guard let names = entries(of: folder) else { return .missing }
            if names.contains(part) {
                actual.append(part)
            } else if let other = names.first(where: { $0.lowercased() == part.lowercased() }) {
                actual.append(other)
                mismatch = true
            } else {
                return .missing
            }
            folder = actual.joined(separator: "/")
        }
        return mismatch ? .caseMismatch(folder) : .exists
    }

    /// Names in a root-relative folder, sorted; `nil` when it is not a readable folder.
    public func entries(of folder: String) -> [String]? {
        if let cached = lock.withLock({ listings[folder] }) { return cached }
        let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted()
        lock.withLock { listings[folder] = names }
        return names
    }

    /// What an existing root-relative path is on disk.
    public enum Kind: Equatable, Sendable {
        case file, folder
        /// A symbolic link whose target lies outside the root.
        case outside
    }

    public func kind(of path: String) -> Kind {
        let url = root.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return .outside }
        let resolved = url.resolvingSymlinksInPath().path
        let rootPath = root.resolvingSymlinksInPath().path
        guard resolved == rootPath || resolved.hasPrefix(rootPath + "/") else { return .outside }
        return isFolder.boolValue ? .folder : .file
    }
}
