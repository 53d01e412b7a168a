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

    /// The identity of this program's build (`ToolDigest`, which every cache is keyed on).
    static var executable: ContentHash { ToolDigest.executable }
}
