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
    /// The SVG images pages show inline instead of linking to a copy.
    let inlineImages: InlineImages

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
        let found = Parallel.map(sources, minimumChunk: 16) { source in
            graph.document(at: source).map { LinkedFiles.find(in: $0, graph: graph) } ?? LinkedFiles.Found()
        }
        let inlineImages = InlineImages(assets: Set(found.flatMap(\.images)), root: graph.root)
        self.inlineImages = inlineImages
        let linked = found.map { $0.copied { inlineImages.url(for: $0) != nil } }
        // Joined as text: a URL per file was a fifth of this plan (the root is an absolute folder).
        let root = graph.root.hasSuffix("/") ? graph.root : graph.root + "/"
        let documents = graph.documents.map { ($0.path, $0.markdown.sourceDigest) }
        let others = Set(linked.joined()).subtracting(graph.documents.map(\.path)).sorted().map { ($0, ContentHash?.none) }
        for (path, digest) in documents + others {
            let published = SitePaths.file(forSource: path)
            if theme.has(published) {
                shadowed.append(Diagnostic(.warning, code: "site-path-collision",
                                           "\(path) is linked from the collection but the theme's \(published) takes its place in the site",
                                           at: SourceLocation(file: path, line: 1),
                                           suggestion: "rename or move the file; the theme's files sit under assets/"))
            }
            let file = root + path
            collectionFiles.append((published, digest.map { .source(file, digest: $0) } ?? .file(file)))
        }
    }

    /// The files to write, each path once: site files, then `extra` files, then collection
    /// files. Paths of pages, the site marker and the paths `written` (the index step's, already
    /// written) are left alone.
    func files(extra: [String: SiteBuilder.FileSource], written: [String], plan: SitePlan) -> [(path: String, from: SiteBuilder.FileSource)] {
        var files: [(path: String, from: SiteBuilder.FileSource)] = []
        let most = siteFiles.count + extra.count + collectionFiles.count
        files.reserveCapacity(most)
        var taken = Set<String>(minimumCapacity: most + written.count)
        func add(_ path: String, _ source: SiteBuilder.FileSource) {
            guard !plan.isTaken(path), path != OutputFolder.markerName, taken.insert(path).inserted else { return }
            files.append((path, source))
        }
        for file in siteFiles { add(file.path, file.from) }
        for (path, source) in extra.sorted(by: { $0.key < $1.key }) { add(path, source) }
        taken.formUnion(written)
        for file in collectionFiles { add(file.path, file.from) }
        return files
    }
}
