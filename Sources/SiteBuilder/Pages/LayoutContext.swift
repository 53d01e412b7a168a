import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The values of `layout.mustache` and of the partials it includes.
enum LayoutContext {
    static func make(page: PlannedPage, frame: PageFrame, site: SiteContext, root: String) -> MustacheObject {
        let isHome = page.kind == .home
        let title = isHome || frame.pageTitle == site.siteTitle ? site.siteTitle : "\(frame.pageTitle) · \(site.siteTitle)"
        var pager: MustacheValue = .null
        if frame.previous != nil || frame.next != nil {
            pager = [
                "previous": frame.previous.map { .link($0.title, $0.href) } ?? .null,
                "next": frame.next.map { .link($0.title, $0.href) } ?? .null,
            ]
        }
        return [
            "lang": .string(site.strings.language),
            "strings": site.stringValues,
            "root": .string(root),
            "siteTitle": .string(site.siteTitle),
            "documentTitle": .string(title),
            "pageTitle": .string(frame.pageTitle),
            "description": .text(frame.description ?? site.description),
            "canonical": .text(site.input.config.baseURL.flatMap { canonical(page.path, base: $0, kind: page.kind) }),
            "pageKind": .string(page.kind.template),
            "isHome": .bool(isHome),
            "isReport": .bool(page.kind.isReport),
            "sidebar": Sidebar.make(page: page, currentSkill: frame.currentSkill, site: site),
            "hasBreadcrumbs": .bool(!frame.breadcrumbs.isEmpty),
            "breadcrumbs": .list(frame.breadcrumbs.map { .link($0.title, $0.href) }),
            "hasToc": .bool(!frame.toc.isEmpty),
            "toc": .list(frame.toc.map {
                ["level": .count($0.level), "text": .string($0.text), "href": .string("#" + $0.anchor.fragmentEncoded)]
            }),
            "pager": pager,
            "sourceHref": .text(frame.sourceHref),
            // The 404 page is served at any address: it carries its style inline and loads nothing.
            "standalone": .bool(page.kind == .notFound),
            "inlineCSS": page.kind == .notFound ? .string(site.inlineCSS) : .null,
            "hasHighlight": .bool(site.hasHighlight && frame.hasCode),
            "hasReportFilter": .bool(page.kind.isReport && !page.kind.isGraph),
            "hasSearchScript": .bool(site.hasSearchScript),
        ]
    }

    /// The page's absolute address, when the site has a base URL.
    static func canonical(_ path: String, base: String, kind: PageKind) -> String? {
        guard kind != .notFound, kind != .search else { return nil }
        return SiteURL.absolute(path, base: base)
    }
}

/// Absolute addresses under the configured base URL.
enum SiteURL {
    static func absolute(_ path: String, base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        // `url(to:from:)` from a page at the root gives the percent-encoded root-relative path.
        return prefix + SitePaths.url(to: path, from: "index.html")
    }
}
