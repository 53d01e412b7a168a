import SkillParser

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

    /// The digest of what `render` makes the file from, so that a rebuild with the same pages
    /// and base URL keeps the last build's file without making it (`IncrementalOutput.emit`).
    /// The pages in the order given: another order gives another digest, and the file is made again.
    static func digest(pages: [String], baseURL: String) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("sitemap.xml pages 1")
        hasher.add(baseURL)
        hasher.add(pages.count)
        for page in pages { hasher.add(page) }
        return hasher.finalize()
    }
}
