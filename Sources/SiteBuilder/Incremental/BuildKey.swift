import Foundation
import SkillParser

/// What every file of a site depends on besides its own inputs: the program that made it and
/// the theme's files. A cache made under another key is not used, so a new version of
/// Skillbook, or any change to a template or asset, renders everything again.
enum BuildKey {
    /// Bumped when what the cache means changes.
    static let format = "1"

    static func of(theme: Theme) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add(format)
        hasher.add(executable)
        for (path, data) in theme.files.sorted(by: { $0.key < $1.key }) {
            hasher.add(path)
            data.withUnsafeBytes { hasher.add($0) }
        }
        return hasher.finalize()
    }

    /// The identity of this program's own build (`ExecutableIdentity`), read once per process;
    /// every build of the code differs from every other one, whatever its version number says.
    static let executable: ContentHash = {
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
