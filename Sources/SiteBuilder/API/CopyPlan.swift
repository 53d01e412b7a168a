import Foundation
import SkillParser
import SkillChecks

/// Which files the copy step writes where, decided while planning: the theme's assets and
/// highlight.js, then the collection's files (the Markdown sources beside their pages and the
/// files pages link to, as `LinkedFiles` finds them). A collection file whose place a theme file
/// takes is warned about here, before the reports render, so the diagnostics report lists
/// every warning the build prints.
struct CopyPlan: Sendable {
    /// Theme assets and highlight.js, in the order they claim their paths.
    private(set) var siteFiles: [(path: String, from: SiteBuilder.FileSource)] = []
    /// Collection files by their place in the site, in the order they claim their paths.
    private(set) var collectionFiles: [(path: String, from: SiteBuilder.FileSource)] = []
    /// Collection files that a theme file of the same path keeps out of the site.
    private(set) var shadowed: [Diagnostic] = []

    init(graph: SkillGraph, pages: [PlannedPage], theme: Theme, highlight: SiteBuilder.HighlightSource) {
        for asset in theme.assets { siteFiles.append((asset.path, .data(asset.data))) }
        if case .file(let path) = highlight { siteFiles.append(("assets/highlight.min.js", .file(path))) }
        let sources = pages.compactMap { page -> String? in
            switch page.kind {
            case .skill(let index): graph.skills[index].skillFile
            case .document(let path): path
            default: nil
            }
        }
        let linked = Parallel.map(sources, minimumChunk: 16) { source in
            graph.document(at: source).map { LinkedFiles.of($0, graph: graph) } ?? []
        }
        let root = URL(fileURLWithPath: graph.root)
        for path in graph.documents.map(\.path) + Set(linked.joined()).sorted() {
            let published = SitePaths.file(forSource: path)
            if theme.has(published) {
                shadowed.append(Diagnostic(.warning, code: "site-path-collision",
                                           "\(path) is linked from the collection but the theme's \(published) takes its place in the site",
                                           at: SourceLocation(file: path, line: 1),
                                           suggestion: "rename or move the file; the theme's files sit under assets/"))
            }
            collectionFiles.append((published, .file(root.appendingPathComponent(path).path)))
        }
    }

    /// The files to write, each path once: site files, then `extra` files, then collection
    /// files. Paths of pages, the site marker and the paths `written` (the index step's, already
    /// written) are left alone.
    func files(extra: [String: Data], written: [String], plan: SitePlan) -> [(path: String, from: SiteBuilder.FileSource)] {
        var files: [(path: String, from: SiteBuilder.FileSource)] = []
        var taken = Set<String>()
        func add(_ path: String, _ source: SiteBuilder.FileSource) {
            guard !plan.isTaken(path), path != OutputFolder.markerName, taken.insert(path).inserted else { return }
            files.append((path, source))
        }
        for file in siteFiles { add(file.path, file.from) }
        for (path, data) in extra.sorted(by: { $0.key < $1.key }) { add(path, .data(data)) }
        taken.formUnion(written)
        for file in collectionFiles { add(file.path, file.from) }
        return files
    }
}
