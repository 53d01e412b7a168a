/// `sitemap.xml` for a site with a base URL: every page except search and 404, sorted.
enum Sitemap {
    static func render(pages: [String], baseURL: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() {
            xml += "  <url><loc>\(SiteURL.absolute(page, base: baseURL).htmlEscaped)</loc></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }
}
