import Foundation

/// The identity of this program's build (`ExecutableIdentity`), read once per process: every
/// cache Skillbook keeps (the site's, the parses') is keyed on it, since every build of the code
/// may make different results, whatever its version number says.
public enum ToolDigest {
    public static let executable: ContentHash = {
        // On Linux the running program's file, found without Foundation's main bundle (which
        // lists the program's folder: 3% of a small site's build when that folder is large).
        let identity = ExecutableIdentity.of(path: "/proc/self/exe")
            ?? ExecutableIdentity.of(path: Bundle.main.executablePath ?? CommandLine.arguments.first ?? "")
        guard let identity else {
            // Unreadable: a digest no other process makes, so nothing cached is trusted.
            var hasher = ContentHasher()
            hasher.add("\(getpid()) \(Date().timeIntervalSince1970)")
            return hasher.finalize()
        }
        return identity
    }()
}
