import Foundation

/// The other tools timed on the same work in the same run, when they are installed: the floor
/// (Debian's `cmark-gfm` command parsing and rendering every Markdown file with the GitHub
/// extensions, one process, one core), lychee checking the same links offline, and Hugo
/// building a site from a copy of the same files.
enum Peers {
    static let cmarkExtensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Every Markdown file under `root`, sorted, hidden folders left out (as the loader does).
    static func markdownFiles(under root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if path.hasSuffix(".md") { files.append(root + "/" + path) }
        }
        return files.sorted()
    }

    /// The command that is the floor: `cmark-gfm` over all the files at once.
    static func floorCommand(root: String) -> [String]? {
        guard let cmark = ProcessTimer.which("cmark-gfm") else { return nil }
        return [cmark, "--to", "html"] + cmarkExtensions.flatMap { ["-e", $0] } + markdownFiles(under: root)
    }

    static func lycheeCommand(root: String) -> [String]? {
        guard let lychee = ProcessTimer.which("lychee") else { return nil }
        return [lychee, "--offline", "--include-fragments", "--no-progress", root]
    }

    /// A Hugo site whose content is a copy of `root`'s Markdown with the frontmatter taken out
    /// (Hugo rejects some of the collections' YAML) and Hugo's shortcode braces broken, with
    /// layouts that print the rendered Markdown. Returns the command that builds it.
    static func hugoSite(root: String, at site: URL) throws -> [String]? {
        guard let hugo = ProcessTimer.which("hugo") else { return nil }
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: site)
        let content = site.appendingPathComponent("content")
        let layouts = site.appendingPathComponent("layouts/_default")
        try fileManager.createDirectory(at: layouts, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("baseURL = 'http://localhost/'\ntitle = 'bench'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']\n[markup.goldmark.renderer]\nunsafe = false\n".utf8)
            .write(to: site.appendingPathComponent("hugo.toml"))
        let page = "<!doctype html><title>{{ .Title }}</title><main>{{ .Content }}</main>\n"
        try Data(page.utf8).write(to: layouts.appendingPathComponent("single.html"))
        try Data(page.utf8).write(to: layouts.appendingPathComponent("list.html"))
        let prefix = root.count + 1
        for (number, file) in markdownFiles(under: root).enumerated() {
            guard var text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            if text.hasPrefix("---\n"), let end = text.range(of: "\n---", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex) {
                text = String(text[end.upperBound...])
            }
            text = text.replacingOccurrences(of: "{{", with: "{ {")
            // Flat, unique names: Hugo would otherwise treat index.md and _index.md files specially.
            let name = String(file.dropFirst(prefix)).replacingOccurrences(of: "/", with: "--")
                .replacingOccurrences(of: "_index", with: "index_").replacingOccurrences(of: "index.md", with: "index-\(number).md")
            try Data(("---\ntitle: \"page \(number)\"\n---\n" + text).utf8).write(to: content.appendingPathComponent(name))
        }
        return [hugo, "--quiet", "-s", site.path, "-d", site.appendingPathComponent("public").path]
    }
}
