
/// Where each source document's page lives in the site. Every part of the site (pages,
/// links, search index, sitemap) asks here, so URLs agree.
///
/// - `SKILL.md` of a skill folder → `<folder>/index.html`
/// - any other `x.md` → `x.html` beside it (`references/a.md` → `references/a.html`)
/// - a `SKILL.md` or `index.md` at the root, which would collide with the home page → `skill.html` / `index-page.html`
public enum SitePaths {
    public static let home = "index.html"

    /// The root-relative page path for a root-relative Markdown path.
    public static func page(forSource path: String) -> String {
        let folder = RelativePath.folder(of: path)
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.hasSuffix(".md") ? String(file.dropLast(3)) : file
        let name: String
        switch (folder.isEmpty, stem) {
        case (true, "SKILL"): name = "skill.html"
        case (true, "index"): name = "index-page.html"
        case (false, "SKILL"): name = "index.html"
        default: name = stem + ".html"
        }
        return folder.isEmpty ? name : "\(folder)/\(name)"
    }

    /// A relative URL from the page at `fromPage` to the root-relative `target` (page or asset).
    public static func url(to target: String, from fromPage: String) -> String {
        let relative = RelativePath.relative(target, from: RelativePath.folder(of: fromPage))
        return relative.split(separator: "/").map { percentEncode(String($0)) }.joined(separator: "/")
    }

    /// Prefix that leads from a page back to the site root (`../../` or "").
    public static func rootPrefix(from page: String) -> String {
        String(repeating: "../", count: page.split(separator: "/").count - 1)
    }

    /// Percent-encodes a path segment for use in an href, leaving unreserved characters.
    static func percentEncode(_ segment: String) -> String {
        var result = ""
        for byte in segment.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))))
                || "-._~".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    public func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
