import SkillParser

/// A root-relative path that many pages link to, split and percent-encoded once. The sidebar and
/// the document tree link every page of a skill to every other one, so a skill of N documents
/// asked `SitePaths.url(to:from:)` N² times, splitting and encoding the same targets each time
/// (a fifth of the render step in the profile of a 4,350-file collection).
struct PreparedTarget: Sendable {
    let path: String
    private let segments: [Substring]
    private let encoded: [String]

    init(_ path: String) {
        self.path = path
        segments = path.split(separator: "/")
        encoded = segments.map { PercentEncoding.encode(String($0), keeping: PercentEncoding.isUnreserved) }
    }

    /// The folder of the page a link is written in, split once for all its links.
    struct From {
        let page: String
        fileprivate let segments: [Substring]

        init(page: String) {
            self.page = page
            segments = RelativePath.folder(of: page).split(separator: "/")
        }

        /// How many folders down from the root the page is.
        var depth: Int { segments.count }
        /// The top folder of the page, `nil` for a page at the root.
        var topFolder: Substring? { segments.first }
    }

    /// The top folder of the target, `nil` for a target at the root (or an empty path).
    var topFolder: Substring? { segments.count > 1 ? segments.first : nil }

    /// The same URL as `url(from:)` from any page `depth` folders down whose top folder is not
    /// the target's (so the two share no folder): the same for every such page.
    func url(fromUnrelatedDepth depth: Int) -> String? {
        guard !segments.isEmpty else { return nil }
        return String(repeating: "../", count: depth) + encoded.joined(separator: "/")
    }

    /// The same URL as `SitePaths.url(to: path, from: from.page)`.
    func url(from origin: From) -> String {
        guard !segments.isEmpty else { return SitePaths.url(to: path, from: origin.page) }
        var common = 0
        while common < origin.segments.count, common < segments.count - 1, origin.segments[common] == segments[common] {
            common += 1
        }
        var url = String(repeating: "../", count: origin.segments.count - common)
        for index in common..<encoded.count {
            if index > common { url += "/" }
            url += encoded[index]
        }
        return url
    }
}
