import Foundation
import SkillParser

/// Where a link written in a document leads in the site.
enum ResolvedLink: Hashable, Sendable {
    /// A working href: to a page (with an anchor that exists), an asset, or an external URL.
    case href(String)
    /// A page that exists, but the anchor does not: the href leads to the top of the page.
    case brokenAnchor(href: String, reason: String)
    /// Nothing to link to; shown as broken text.
    case broken(reason: String)
}

/// Turns the graph's resolution of a document's links into site hrefs: `x.md#a` → `x.html#a`,
/// `../other/SKILL.md` → that skill's page, files beside the Markdown → copied assets. It decides
/// nothing itself: whether a target or an anchor exists is the graph's `LinkResolution`, which
/// `check` reports from, so the site marks broken exactly the links `check` reports. An anchor
/// that matches only when letter case is ignored is linked with the exact id, so it works in
/// every browser and not only on github.com.
struct LinkResolver: Sendable {
    let graph: SkillGraph
    /// The document whose links are resolved.
    let documentPath: String
    /// The page that document becomes.
    let pagePath: String

    init(graph: SkillGraph, documentPath: String) {
        self.graph = graph
        self.documentPath = documentPath
        self.pagePath = SitePaths.page(forSource: documentPath)
    }

    /// Resolves `destination`. Asset paths that a working link needs copied are reported through `asset`.
    func resolve(_ destination: String) -> (link: ResolvedLink, asset: String?) {
        let (link, asset, _) = resolveNoting(destination)
        return (link, asset)
    }

    /// `resolve`, and whether the destination is an external URL that works (a `.href`): the
    /// graph resolved it as such from its `LinkTarget`, which a caller need not read again.
    func resolveNoting(_ destination: String) -> (link: ResolvedLink, asset: String?, external: Bool) {
        switch graph.resolution(of: destination, in: documentPath) {
        case .external(let url):
            return (.href(url.urlSanitized), nil, true)
        case .document(let path, let match):
            let page = SitePaths.page(forSource: path)
            let url = page == pagePath ? "" : SitePaths.url(to: page, from: pagePath)
            switch match {
            case .none:
                return (.href(url.isEmpty ? "#" : url), nil, false)
            case .top:
                return (.href(url + "#top"), nil, false)
            case .exact(let id), .prefixed(let id), .caseOnly(let id):
                return (.href(url + "#" + id.fragmentEncoded), nil, false)
            case .missing:
                let anchor = LinkTarget(destination).anchor ?? ""
                return (.brokenAnchor(href: url.isEmpty ? "#" : url, reason: "#\(anchor) is not a heading of \(path)"), nil, false)
            }
        case .file(let path):
            var url = SitePaths.url(to: SitePaths.file(forSource: path), from: pagePath)
            if let anchor = LinkTarget(destination).anchor, !anchor.isEmpty { url += "#" + anchor.fragmentEncoded }
            return (.href(url), path, false)
        case .broken(let reason):
            return (.broken(reason: reason.reason), nil, false)
        }
    }

    /// The collection file `destination` leads to, which the site copies: `resolve(_:).asset`
    /// without making the href.
    func asset(_ destination: String) -> String? {
        if case .file(let path) = graph.resolution(of: destination, in: documentPath) { return path }
        return nil
    }

    /// The href of the page of a root-relative document path, from this page.
    func href(toPageOf path: String, anchor: String? = nil) -> String {
        let url = SitePaths.url(to: SitePaths.page(forSource: path), from: pagePath)
        return anchor.map { url + "#" + $0.fragmentEncoded } ?? url
    }
}
