import SkillParser
/// Pages with little of their own: the search page (the search script fills its results) and the 404 page.
enum SearchPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, MustacheObject) {
        var frame = PageFrame(pageTitle: site.strings["search"])
        frame.breadcrumbs = [(site.strings["home"], SitePaths.url(to: SitePaths.home, from: page.path))]
        let hint = site.strings[site.hasSearchScript ? "searchHint" : "searchNeedsScript"]
        return (frame, ["hint": .string(hint)])
    }
}

enum NotFoundPage {
    static func make(page: PlannedPage, site: SiteContext) -> (PageFrame, MustacheObject) {
        (PageFrame(pageTitle: site.strings["pageNotFound"]), [:])
    }
}
