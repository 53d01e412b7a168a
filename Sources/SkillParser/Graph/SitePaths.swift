
/// Where each source document's page lives in the site. Every part of the site (pages,
/// links, search index, sitemap) asks here, so URLs agree.
///
/// - `SKILL.md` of a skill folder → `<folder>/index.html`
/// - any other `x.md` → `x.html` beside it (`references/a.md` → `references/a.html`)
/// - a `SKILL.md` or `index.md` at the root, which would collide with the home page → `skill.html` / `index-page.html`
///
/// Names the site cannot use are changed here too, in one place (see `renaming(forSource:)`):
/// a folder named like a page or a generated file (`404.html/`, `llms.txt/`) gets `-folder`,
/// a name too long for the disk is shortened with a hash, and a file a browser would run
/// (`.html`, `.svg`, ...) is published with `.txt` added, as text.
public enum SitePaths {
    public static let home = "index.html"

    /// Files the site writes at its root; a folder of the collection may not take their names.
    static let generatedRootFiles: Set<String> = ["index.html", "search.html", "404.html", "llms.txt", "sitemap.xml", ".skillbook-site"]

    /// Extensions of files that run script when opened from the site's origin.
    static let activeExtensions: Set<String> = ["html", "htm", "xhtml", "xht", "shtml", "svg", "svgz", "xml", "xsl", "xslt",
                                                "mht", "mhtml"]

    /// Longest file or folder name most disks accept, in bytes.
    static let maximumNameBytes = 255

    /// The root-relative page path for a root-relative Markdown path.
    public static func page(forSource path: String) -> String {
        let folder = RelativePath.folder(of: path)
        let file = lastSegment(path)
        let stem = file.hasSuffix(".md") ? String(file.dropLast(3)) : file
        let name: String
        switch (folder.isEmpty, stem) {
        case (true, "SKILL"): name = "skill.html"
        case (true, "index"): name = "index-page.html"
        case (false, "SKILL"): name = "index.html"
        default: name = shortened(stem, keeping: ".html") + ".html"
        }
        let safeFolder = Self.safeFolder(folder)
        return safeFolder.isEmpty ? name : "\(safeFolder)/\(name)"
    }

    /// The root-relative path a non-page file (a Markdown source or an asset) is published at.
    public static func file(forSource path: String) -> String {
        let folder = safeFolder(RelativePath.folder(of: path))
        var name = lastSegment(path)
        if isActive(name) { name = shortened(name, keeping: ".txt") + ".txt" } else { name = shortened(name, keeping: "") }
        return folder.isEmpty ? name : "\(folder)/\(name)"
    }

    /// Whether a browser runs script in a file of this name when it is served from the site.
    public static func isActive(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return activeExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Why the page of `path` is not where its name alone would put it, if it is not.
    public static func renaming(forSource path: String) -> String? {
        // A short ASCII path with no `.` in its folders has nothing renamed (`safeSegment`).
        if path.utf8.count <= maximumNameBytes - 2, PathSegments.isASCII(path),
           !path.utf8.prefix(path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.distance(from: path.utf8.startIndex, to: $0) } ?? 0)
            .contains(UInt8(ascii: ".")) {
            return nil
        }
        let folder = RelativePath.folder(of: path)
        var reasons: [String] = []
        let segments = folder.split(separator: "/").map(String.init)
        for (index, segment) in segments.enumerated() where safeSegment(segment, atRoot: index == 0) != segment {
            reasons.append(segment.utf8.count > maximumNameBytes - 7
                ? "its folder name is too long for the disk once the site adds to it"
                : "its folder `\(segment)` has the name of a page or file the site writes")
        }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        if file.utf8.count - 3 + 5 > maximumNameBytes { reasons.append("its name plus `.html` is longer than a disk allows") }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// Each segment of a folder path made safe.
    private static func safeFolder(_ folder: String) -> String {
        guard !folder.isEmpty else { return folder }
        // Segments neither empty nor with a `.` are kept as they are (`safeSegment`), and so is the path.
        if folder.utf8.count <= maximumNameBytes, !folder.utf8.contains(UInt8(ascii: ".")), RelativePath.isPlain(folder.utf8) {
            return folder
        }
        let segments = PathSegments.split(folder)
        var safe = ""
        for (index, segment) in segments.enumerated() {
            if index > 0 { safe += "/" }
            safe += safeSegment(String(segment), atRoot: index == 0)
        }
        return safe
    }

    /// A folder name that no page or generated file can collide with. Compared without case,
    /// for disks that ignore it.
    private static func safeSegment(_ segment: String, atRoot: Bool) -> String {
        // Without a `.` a name ends in no extension and is no generated file's, whatever its
        // case: nearly every folder, kept without lower-casing it (this was a tenth of the plan).
        if segment.utf8.count <= maximumNameBytes, !segment.utf8.contains(UInt8(ascii: ".")) { return segment }
        let lowered = segment.lowercased()
        let collides = lowered.hasSuffix(".html") || lowered.hasSuffix(".txt") && isActive(String(lowered.dropLast(4)))
            || (atRoot && generatedRootFiles.contains(lowered))
        return collides ? shortened(segment, keeping: "-folder") + "-folder" : shortened(segment, keeping: "")
    }

    /// `name`, cut (on a character boundary) and given a hash of the whole name when it and
    /// `suffix` would be longer than a disk allows, so that two long names stay apart.
    static func shortened(_ name: String, keeping suffix: String) -> String {
        guard name.utf8.count + suffix.utf8.count > maximumNameBytes else { return name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, stable across runs
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let tag = "~" + String(hash, radix: 16)
        var kept = ""
        for character in name {
            if kept.utf8.count + character.utf8.count + tag.utf8.count + suffix.utf8.count > maximumNameBytes { break }
            kept.append(character)
        }
        return kept + tag
    }

    /// A relative URL from the page at `fromPage` to the root-relative `target` (page or asset).
    public static func url(to target: String, from fromPage: String) -> String {
        let folder = RelativePath.folder(of: fromPage)
        // ASCII paths (nearly all) are split on their bytes, once, and the URL written in one
        // string: splitting by `Character`, joining, then splitting again took a tenth of the
        // render step. Elsewhere a `/` may join a combining mark into one character, which the
        // byte split would cut, so other paths keep the character split.
        guard PathSegments.isASCII(folder), PathSegments.isASCII(target) else {
            let relative = RelativePath.relative(target, from: folder)
            return relative.split(separator: "/").map { percentEncode(String($0)) }.joined(separator: "/")
        }
        let base = PathSegments.split(folder)
        let parts = PathSegments.split(target)
        var common = 0
        while common < base.count, common < parts.count - 1, base[common] == parts[common] { common += 1 }
        var url = ""
        for _ in common ..< base.count { url += url.isEmpty ? ".." : "/.." }
        for part in parts[common...] {
            if !url.isEmpty { url += "/" }
            url += percentEncode(String(part))
        }
        return url
    }

    /// The last segment of a path, as `path.split(separator: "/").last` finds it (the path
    /// itself when it has none).
    static func lastSegment(_ path: String) -> String {
        PathSegments.last(path).map(String.init) ?? path
    }

    /// Prefix that leads from a page back to the site root (`../../` or "").
    public static func rootPrefix(from page: String) -> String {
        String(repeating: "../", count: PathSegments.split(page).count - 1)
    }

    /// Percent-encodes a path segment for use in an href, leaving unreserved characters.
    static func percentEncode(_ segment: String) -> String {
        PercentEncoding.encode(segment, keeping: PercentEncoding.isUnreserved)
    }
}

extension String {
    public func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
