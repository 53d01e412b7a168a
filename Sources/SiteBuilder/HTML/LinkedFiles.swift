import SkillParser

/// The non-Markdown files of the collection a document's page links to or shows, which the
/// site copies. Worked out while planning, before any page renders, so that the copy plan (and
/// its warnings) is known when the diagnostics report is made. It reads the links `MarkdownHTML`
/// renders from the document's indexes (not its tree, which a rebuild then need not decode for
/// an unchanged page), resolved by the same `LinkResolver`: links, images (an SVG image shown
/// inline is not copied, as `SVGImage.inlineURL` decides, once, in `InlineImages`), and the
/// references of raw HTML. A link inside a link's text is shown as text, so it leads nowhere and
/// is skipped.
enum LinkedFiles {
    /// What a document's page refers to in the collection: files it links to, and files it
    /// shows as images, which an SVG shown inline does not need copied.
    struct Found: Sendable {
        var files: Set<String> = []
        var images: Set<String> = []

        /// The files to copy, once `inline` knows which images are shown as `data:` URLs.
        func copied(inline: (String) -> Bool) -> Set<String> {
            files.union(images.filter { !inline($0) })
        }
    }

    /// What the page of `document` refers to.
    static func find(in document: Document, graph: SkillGraph) -> Found {
        let resolver = LinkResolver(graph: graph, documentPath: document.path)
        let markdown = document.markdown
        var found = Found()
        func add(_ destination: String, isImage: Bool) {
            guard let file = resolver.asset(destination) else { return }
            if isImage { found.images.insert(file) } else { found.files.insert(file) }
        }
        let shownAsText = Set(markdown.linksInLinkText)
        for (position, link) in markdown.links.enumerated() where !shownAsText.contains(position) {
            add(link.destination, isImage: false)
        }
        for image in markdown.images { add(image.destination, isImage: true) }
        // Raw HTML, block or inline (a `<br>` refers to nothing).
        for fragment in markdown.html {
            for reference in LinkReference.rawHTML(in: fragment.html) { add(reference.destination, isImage: reference.kind.isImage) }
        }
        return found
    }

    /// Root-relative paths, sorted, of the files the page of `document` needs copied.
    static func of(_ document: Document, graph: SkillGraph) -> [String] {
        find(in: document, graph: graph).copied { SVGImage.inlineURL(forImage: $0, root: graph.root) != nil }.sorted()
    }
}
