import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Where a link written in a document leads in the site.
enum ResolvedLink: Hashable, Sendable {
    /// A working href: to a page (with a checked anchor), an asset, or an external URL.
    case href(String)
    /// A page that exists, but the anchor does not: the href leads to the top of the page.
    case brokenAnchor(href: String, reason: String)
    /// Nothing to link to; shown as broken text.
    case broken(reason: String)
}

/// Turns link destinations of one document into site hrefs: `x.md#a` → `x.html#a`,
/// `../other/SKILL.md` → that skill's page, files beside the Markdown → copied assets.
struct LinkResolver: Sendable {
    let graph: SkillGraph
    /// The document whose links are resolved.
    let documentPath: String
    /// The page that document becomes.
    let pagePath: String
    /// The folder that site-absolute links (`/x.md`) start from; "" means the content root.
    let siteRoot: String
    /// Whether a root-relative path names a regular file inside the root that is not Markdown.
    let assetExists: @Sendable (String) -> Bool

    /// URL schemes that may not appear in a link of the site.
    static let unsafeSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    init(graph: SkillGraph, documentPath: String, siteRoot: String = "",
         assetExists: @escaping @Sendable (String) -> Bool) {
        self.graph = graph
        self.documentPath = documentPath
        self.pagePath = SitePaths.page(forSource: documentPath)
        self.siteRoot = siteRoot
        self.assetExists = assetExists
    }

    /// Resolves `destination`. Asset paths that a working link needs copied are reported through `asset`.
    func resolve(_ destination: String) -> (link: ResolvedLink, asset: String?) {
        let target = LinkTarget(destination)
        switch target.kind {
        case .empty:
            return (.broken(reason: "the link has no destination"), nil)
        case .external:
            if let scheme = Self.scheme(of: destination), Self.unsafeSchemes.contains(scheme) {
                return (.broken(reason: "\(scheme): links are not allowed"), nil)
            }
            let url = destination.trimmingCharacters(in: .whitespaces).urlSanitized
            guard ExternalURL.isWellFormed(url) else { return (.broken(reason: "\(destination) is not a valid URL"), nil) }
            return (.href(url), nil)
        case .sameDocument:
            return (anchored(page: pagePath, path: documentPath, anchor: target.anchor), nil)
        case .siteAbsolute:
            let relative = String(target.path.drop { $0 == "/" })
            guard let path = RelativePath.resolve(relative, from: siteRoot) else {
                return (.broken(reason: "\(target.path) is outside the collection"), nil)
            }
            return resolve(path: path, written: target.path, anchor: target.anchor)
        case .relative:
            guard let path = RelativePath.resolve(target.path, from: RelativePath.folder(of: documentPath)) else {
                return (.broken(reason: "\(target.path) is outside the collection"), nil)
            }
            return resolve(path: path, written: target.path, anchor: target.anchor)
        }
    }

    /// The href of the page of a root-relative document path, from this page.
    func href(toPageOf path: String, anchor: String? = nil) -> String {
        let url = SitePaths.url(to: SitePaths.page(forSource: path), from: pagePath)
        return anchor.map { url + "#" + $0.fragmentEncoded } ?? url
    }

    private func resolve(path: String, written: String, anchor: String?) -> (link: ResolvedLink, asset: String?) {
        if graph.document(at: path) != nil {
            return (anchored(page: SitePaths.page(forSource: path), path: path, anchor: anchor), nil)
        }
        // A folder: the skill in it, else its README or index page.
        if let skill = graph.skill(inFolder: path) {
            return (anchored(page: SitePaths.page(forSource: skill.skillFile), path: skill.skillFile, anchor: anchor), nil)
        }
        for name in ["README.md", "index.md"] {
            let candidate = path.isEmpty ? name : "\(path)/\(name)"
            if graph.document(at: candidate) != nil {
                return (anchored(page: SitePaths.page(forSource: candidate), path: candidate, anchor: anchor), nil)
            }
        }
        if !path.isEmpty, !path.hasSuffix(".md"), assetExists(path) {
            var url = SitePaths.url(to: SitePaths.file(forSource: path), from: pagePath)
            if let anchor { url += "#" + anchor.fragmentEncoded }
            return (.href(url), path)
        }
        return (.broken(reason: "\(written) does not exist in the collection"), nil)
    }

    /// A link to a page, with its anchor checked against the headings of the target document.
    private func anchored(page: String, path: String, anchor: String?) -> ResolvedLink {
        let url = page == pagePath ? "" : SitePaths.url(to: page, from: pagePath)
        guard let anchor, !anchor.isEmpty else {
            return .href(url.isEmpty ? "#" : url)
        }
        guard let document = graph.document(at: path) else { return .href(url) }
        if let found = Self.anchor(anchor, in: document) {
            return .href(url + "#" + found.fragmentEncoded)
        }
        return .brokenAnchor(href: url.isEmpty ? "#" : url,
                             reason: "#\(anchor) is not a heading of \(path)")
    }

    /// The anchor of `document` that `anchor` names: exactly, else ignoring case as GitHub does.
    static func anchor(_ anchor: String, in document: Document) -> String? {
        let anchors = document.markdown.headings.map(\.anchor) + RawHTML.ids(in: document.markdown)
        if anchors.contains(anchor) { return anchor }
        let lowered = anchor.lowercased()
        return anchors.first { $0.lowercased() == lowered }
    }

    private static func scheme(of destination: String) -> String? {
        let trimmed = destination.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        // Browsers ignore tabs, newlines and leading controls in a scheme: `java\tscript:` still runs.
        let scheme = trimmed[..<colon].unicodeScalars.filter { $0.value > 0x20 }
        return String(String.UnicodeScalarView(scheme)).lowercased()
    }
}
