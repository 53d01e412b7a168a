import SkillParser

/// The non-Markdown files of the collection a document's page links to or shows, which the
/// site copies. Worked out while planning, before any page renders, so that the copy plan (and
/// its warnings) is known when the diagnostics report is made. It visits the links `MarkdownHTML`
/// renders, resolved by the same `LinkResolver`: links, images (an SVG image shown inline is not
/// copied, as `SVGImage.inlineURL` decides, once, in `InlineImages`), and the references of raw HTML.
/// An image's description is shown as plain text, and a link inside a link's text as text, so
/// such links lead nowhere and are skipped.
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
        var walker = Walker(resolver: LinkResolver(graph: graph, documentPath: document.path))
        walker.visit(document.markdown.blocks)
        return walker.found
    }

    /// Root-relative paths, sorted, of the files the page of `document` needs copied.
    static func of(_ document: Document, graph: SkillGraph) -> [String] {
        find(in: document, graph: graph).copied { SVGImage.inlineURL(forImage: $0, root: graph.root) != nil }.sorted()
    }

    private struct Walker {
        let resolver: LinkResolver
        var found = Found()

        mutating func visit(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case .heading(let heading): visit(heading.inlines)
                case .paragraph(let paragraph): visit(paragraph.inlines)
                case .list(let list): for item in list.items { visit(item.blocks) }
                case .table(let table):
                    for cell in table.header { visit(cell.inlines) }
                    for row in table.rows { for cell in row { visit(cell.inlines) } }
                case .blockQuote(let quote): visit(quote.blocks)
                case .htmlBlock(let html): visitRaw(html.html)
                case .codeBlock, .thematicBreak: break
                }
            }
        }

        /// A link inside a link's text is shown as text alone, as the page does.
        mutating func visit(_ inlines: [Inline], insideLink: Bool = false) {
            for inline in inlines {
                switch inline {
                case .emphasis(let children), .strong(let children), .strikethrough(let children):
                    visit(children, insideLink: insideLink)
                case .link(let link):
                    visit(link.children, insideLink: true)
                    if !insideLink { add(link.destination, isImage: false) }
                case .image(let image):
                    add(image.destination, isImage: true)
                case .html(let raw):
                    if !RawHTML.isLineBreak(raw) { visitRaw(raw) }
                case .text, .code, .softBreak, .lineBreak:
                    break
                }
            }
        }

        mutating func visitRaw(_ html: String) {
            for reference in LinkReference.rawHTML(in: html) { add(reference.destination, isImage: reference.kind.isImage) }
        }

        mutating func add(_ destination: String, isImage: Bool) {
            guard let file = resolver.asset(destination) else { return }
            if isImage { found.images.insert(file) } else { found.files.insert(file) }
        }
    }
}
