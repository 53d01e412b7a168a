import Foundation

/// The templates and assets a site is built with: the default theme embedded in the binary,
/// with files of a `--theme` folder replacing it by relative path (`skill.mustache`,
/// `assets/site.css`) or adding to it (`assets/logo.png`).
public struct Theme: Sendable {
    /// Files by path relative to the theme folder.
    public private(set) var files: [String: Data]
    /// Paths that came from the override folder, for `--verbose`.
    public private(set) var overridden: [String] = []

    public enum LoadError: Error, CustomStringConvertible {
        case notAFolder(String)
        case unreadable(String)
        case template(name: String, message: String)

        public var description: String {
            switch self {
            case .notAFolder(let path): "\(path): the theme is not a folder"
            case .unreadable(let path): "\(path): cannot read this theme file"
            case .template(let name, let message): "\(name): \(message)"
            }
        }
    }

    /// The default theme, from the copy of `Templates/` compiled into the binary.
    public static var standard: Theme {
        Theme(files: EmbeddedTheme.files.mapValues { Data($0.utf8) })
    }

    init(files: [String: Data]) {
        self.files = files
    }

    /// The default theme with the files under `folder` laid over it.
    public static func load(overrides folder: String?) throws -> Theme {
        var theme = standard
        guard let folder else { return theme }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw LoadError.notAFolder(folder)
        }
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else {
            throw LoadError.unreadable(folder)
        }
        var paths: [String] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(root.path + "/") else { continue }
            paths.append(String(full.dropFirst(root.path.count + 1)))
        }
        for path in paths.sorted() {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
                throw LoadError.unreadable((folder as NSString).appendingPathComponent(path))
            }
            theme.files[path] = data
            theme.overridden.append(path)
        }
        return theme
    }

    /// Every `.mustache` file, parsed, by name without the extension (also the partial name).
    public func templates() throws -> [String: MustacheTemplate] {
        var result: [String: MustacheTemplate] = [:]
        for (path, data) in files where path.hasSuffix(".mustache") && !path.contains("/") {
            let name = String(path.dropLast(".mustache".count))
            do {
                result[name] = try MustacheTemplate(String(decoding: data, as: UTF8.self), name: path)
            } catch {
                throw LoadError.template(name: path, message: "\(error)")
            }
        }
        return result
    }

    /// Files under `assets/`, sorted by path, to be copied into the site.
    public var assets: [(path: String, data: Data)] {
        files.filter { $0.key.hasPrefix("assets/") }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public func has(_ path: String) -> Bool { files[path] != nil }

    /// Leaves a file out of the theme.
    public mutating func remove(_ path: String) {
        files[path] = nil
    }

    /// Replaces (or adds) one file, as a `--theme` folder would.
    public mutating func replace(_ path: String, with text: String) {
        files[path] = Data(text.utf8)
        if !overridden.contains(path) { overridden.append(path) }
    }
}
