import Foundation

/// The digest of this program's own file, read once per process: every cache Skillbook keeps is
/// keyed on it, since every build of the code may make different results, whatever its version
/// number says.
public enum ToolDigest {
    public static let executable: ContentHash = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard let data = FileManager.default.contents(atPath: path) else {
            // Unreadable: a digest no other process makes, so nothing cached is trusted.
            var hasher = ContentHasher()
            hasher.add("\(getpid()) \(Date().timeIntervalSince1970)")
            return hasher.finalize()
        }
        return data.withUnsafeBytes { ContentHasher.hash($0) }
    }()
}
