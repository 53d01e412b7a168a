/// One change to the files of a collection (paths relative to the test's folder). Edits are
/// values with their parameters spelled out, not closures over a random generator, so a
/// sequence that makes a rebuild differ from a full build prints as Swift that can be pasted
/// into `IncrementalDifferentialTests` as a named regression case.
enum CollectionEdit: Equatable, Sendable, CustomStringConvertible {
    /// Creates or replaces a file.
    case write(String, String)
    /// Adds text at the end of a file (creating it when absent).
    case append(String, String)
    /// Replaces the first occurrence of a text in a file; nothing happens when it is not there,
    /// so a shortened regression sequence still applies.
    case replace(String, String, String)
    /// Removes a file, or every file under a folder.
    case remove(String)
    /// Moves a file, or every file under a folder.
    case move(String, String)

    func apply(to files: inout [String: String]) {
        switch self {
        case .write(let path, let text):
            files[path] = text
        case .append(let path, let text):
            files[path, default: ""] += text
        case .replace(let path, let old, let new):
            guard let text = files[path], let range = text.range(of: old) else { return }
            files[path] = text.replacingCharacters(in: range, with: new)
        case .remove(let path):
            for key in Self.paths(at: path, in: files) { files[key] = nil }
        case .move(let from, let to):
            for key in Self.paths(at: from, in: files) {
                let moved = to + key.dropFirst(from.count)
                guard files[moved] == nil else { continue }
                files[moved] = files.removeValue(forKey: key)
            }
        }
    }

    /// The file `path`, or the files under the folder `path`.
    private static func paths(at path: String, in files: [String: String]) -> [String] {
        files.keys.filter { $0 == path || $0.hasPrefix(path + "/") }.sorted()
    }

    var description: String {
        func quoted(_ text: String) -> String { String(reflecting: text) }
        switch self {
        case .write(let path, let text): return ".write(\(quoted(path)), \(quoted(text)))"
        case .append(let path, let text): return ".append(\(quoted(path)), \(quoted(text)))"
        case .replace(let path, let old, let new): return ".replace(\(quoted(path)), \(quoted(old)), \(quoted(new)))"
        case .remove(let path): return ".remove(\(quoted(path)))"
        case .move(let from, let to): return ".move(\(quoted(from)), \(quoted(to)))"
        }
    }
}
