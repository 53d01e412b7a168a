import Foundation
import SkillParser

extension PageRenderer.Model {
    /// The digest of everything the page's HTML is made from but the theme (which is the build
    /// cache's key): the template's name and the whole context, layout and page values apart.
    var contentHash: ContentHash {
        var hasher = ContentHasher()
        hasher.add("page")
        hasher.add(template)
        hasher.add(MustacheValue.object(layout))
        hasher.add(MustacheValue.object(values))
        return hasher.finalize()
    }
}

extension ContentHash {
    /// The digest of a file copied into the site as it is.
    static func of(_ data: Data) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("file")
        data.withUnsafeBytes { hasher.add($0) }
        return hasher.finalize()
    }

    /// The digest of a Markdown source copied into the site, from the digest the loader took of
    /// its bytes (so the copy step need not read it).
    static func ofSource(_ digest: ContentHash) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("source")
        hasher.add(digest)
        return hasher.finalize()
    }
}
