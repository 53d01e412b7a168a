/// Resolves the links, images and raw-HTML references of documents against a graph: the one
/// place that decides where a destination leads and whether its anchor exists.
struct ReferenceResolver: Sendable {
    let graph: SkillGraph
    let files: FileIndex
    /// The folder that site-absolute links (`/x.md`) start from: `site_root` when configured,
    /// else the content root (where the site is served from).
    let siteRoot: String

    /// Every link, image and raw-HTML reference of `document`, in document order.
    func references(in document: Document) -> [LinkReference] {
        let markdown = document.markdown
        var result: [LinkReference] = []
        result.reserveCapacity(markdown.links.count + markdown.images.count)
        for link in markdown.links {
            result.append(LinkReference(kind: .link, destination: link.destination, text: link.children.plainText,
                                        location: link.location,
                                        resolution: resolve(link.destination, from: document.path)))
        }
        for image in markdown.images {
            result.append(LinkReference(kind: .image, destination: image.destination, text: image.children.plainText,
                                        location: image.location,
                                        resolution: resolve(image.destination, from: document.path)))
        }
        for fragment in markdown.html {
            for (kind, destination, lineOffset) in LinkReference.rawHTML(in: fragment.html) {
                var location = fragment.location
                if lineOffset > 0 { location = SourceLocation(file: location.file, line: location.line + lineOffset) }
                result.append(LinkReference(kind: kind, destination: destination, text: "", location: location,
                                            resolution: resolve(destination, from: document.path)))
            }
        }
        return result.sorted { ($0.location, $0.destination) < ($1.location, $1.destination) }
    }

    /// Where `destination`, written in the document at `documentPath`, leads.
    func resolve(_ destination: String, from documentPath: String) -> LinkResolution {
        let target = LinkTarget(destination)
        switch target.kind {
        case .empty:
            return .broken(.empty)
        case .external:
            if let scheme = ExternalURL.scheme(of: destination), ExternalURL.unsafeSchemes.contains(scheme) {
                return .broken(.unsafeScheme(scheme))
            }
            let url = destination.trimmingWhitespace
            guard ExternalURL.isWellFormed(url) else { return .broken(.malformedURL(url)) }
            return .external(url)
        case .sameDocument:
            return .document(path: documentPath, anchor: anchor(target.anchor, in: documentPath))
        case .siteAbsolute:
            guard let path = RelativePath.resolve(String(target.path.drop { $0 == "/" }), from: siteRoot) else {
                return .broken(.outsideRoot(path: target.path))
            }
            return resolve(path: path, written: target.path, anchor: target.anchor)
        case .relative:
            guard let path = RelativePath.resolve(target.path, from: RelativePath.folder(of: documentPath)) else {
                return .broken(.outsideRoot(path: target.path))
            }
            return resolve(path: path, written: target.path, anchor: target.anchor)
        }
    }

    private func resolve(path: String, written: String, anchor: String?) -> LinkResolution {
        if graph.document(at: path) != nil {
            return .document(path: path, anchor: self.anchor(anchor, in: path))
        }
        // A folder: the skill in it, else its README or index page.
        if let skill = graph.skill(inFolder: path) {
            return .document(path: skill.skillFile, anchor: self.anchor(anchor, in: skill.skillFile))
        }
        for name in ["README.md", "index.md"] {
            let candidate = path.isEmpty ? name : "\(path)/\(name)"
            if graph.document(at: candidate) != nil {
                return .document(path: candidate, anchor: self.anchor(anchor, in: candidate))
            }
        }
        switch files.lookup(path) {
        case .missing:
            return .broken(.missing(path: written))
        case .caseMismatch(let actual):
            return .broken(.caseMismatch(path: written, actual: actual))
        case .exists:
            switch files.kind(of: path) {
            case .file: return .file(path: path)
            case .folder: return .broken(.folder(path: written))
            case .outside: return .broken(.outsideRoot(path: written))
            }
        }
    }

    private func anchor(_ anchor: String?, in path: String) -> AnchorMatch {
        graph.anchors(of: path)?.match(anchor) ?? .none
    }
}

extension LinkReference {
    /// The references of raw HTML: `<a href>`, `<img src>` and every candidate of a `srcset`
    /// (on `<img>` and `<source>`), with the line of each tag from the start of the fragment.
    public static func rawHTML(in html: String) -> [(kind: Kind, destination: String, lineOffset: Int)] {
        var result: [(kind: Kind, destination: String, lineOffset: Int)] = []
        for tag in HTMLTag.scan(html) {
            switch tag.name {
            case "a":
                if let href = tag.value(of: "href") { result.append((.htmlLink, href, tag.lineOffset)) }
            case "img", "source":
                if tag.name == "img", let src = tag.value(of: "src") { result.append((.htmlImage, src, tag.lineOffset)) }
                if let srcset = tag.value(of: "srcset") {
                    for candidate in srcset.split(separator: ",") {
                        if let url = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first {
                            result.append((.htmlImage, String(url), tag.lineOffset))
                        }
                    }
                }
            default:
                continue
            }
        }
        return result
    }

}
