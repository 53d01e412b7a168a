import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The HTML of a document's body, with what the site needs to know about it.
struct RenderedMarkdown: Sendable {
    var html: String
    /// The document's opening level-1 heading, rendered apart so the page can place it above
    /// the metadata; `nil` when the body does not start with one (the page then adds a title).
    var titleHTML: String?
}

/// Renders a document's typed Markdown tree to HTML. This is our own pass over the tree
/// cmark-gfm parsed: heading ids are GitHub's anchors with a permalink, links to Markdown
/// lead to the generated pages, skill names in code spans become links, broken links are
/// marked, and raw HTML from the source is never passed through.
struct MarkdownHTML {
    let resolver: LinkResolver
    let graph: SkillGraph
    let document: Document
    /// Source lines that reports link to; each gets an `id="L<line>"` before the block holding it.
    let anchoredLines: [Int]
    /// Ids the page template uses; raw HTML anchors may not take them.
    let reservedIDs: Set<String>
    /// The labels the body adds (permalinks, tables, images, broken links), in the site's language.
    var strings: InterfaceStrings = .english
    /// The plan's `data:` URLs of inline SVG images; without them (a page rendered alone) each
    /// image is read here, by the same rule.
    var inlineImages: InlineImages? = nil

    private func inlineURL(forImage asset: String) -> String? {
        guard let inlineImages else { return SVGImage.inlineURL(forImage: asset, root: graph.root) }
        return inlineImages.url(for: asset)
    }

    func render() -> RenderedMarkdown {
        var blocks = document.markdown.blocks[...]
        var state = State()
        state.anchorsByBlock = Self.lineAnchorsByBlock(Array(blocks), lines: anchoredLines)
        var titleHTML: String?
        if case .heading(let heading)? = blocks.first, heading.level == 1 {
            var title = ""
            render(blocks.removeFirst(), tight: false, into: &title, state: &state)
            titleHTML = title
        }
        var html = ""
        render(Array(blocks), tight: false, into: &html, state: &state)
        return RenderedMarkdown(html: html, titleHTML: titleHTML)
    }

    struct State {
        /// Ids taken on the page, made when raw HTML first brings an id of its own (most
        /// documents have none, and the set cost a tenth of rendering their Markdown).
        var usedIDs: Set<String>? = nil
        var blockIndex = 0
        var anchorsByBlock: [Int: [Int]] = [:]
    }

    // MARK: Blocks

    private func render(_ blocks: [Block], tight: Bool, into html: inout String, state: inout State) {
        for block in blocks { render(block, tight: tight, into: &html, state: &state) }
    }

    private func render(_ block: Block, tight: Bool, into html: inout String, state: inout State) {
        for line in state.anchorsByBlock[state.blockIndex] ?? [] {
            // An empty `<a id>` (a placeholder anchor, 16 bytes): a file the reports point into
            // 1,400 times would otherwise carry 60 KB of spans.
            html += "<a id=\"L\(line)\"></a>"
        }
        state.blockIndex += 1
        switch block {
        case .heading(let heading):
            // A heading of symbols alone has an empty anchor: no id and no permalink then.
            let content = inlines(heading.inlines, state: &state)
            guard !heading.anchor.isEmpty else {
                html += "<h\(heading.level)>\(content)</h\(heading.level)>\n"
                break
            }
            html += "<h\(heading.level) id=\"\(heading.anchor.htmlEscaped)\">\(content)"
            html += "<a class=\"permalink\" href=\"#\(heading.anchor.fragmentEncoded.htmlEscaped)\" "
            html += "aria-label=\"\(strings.text("permalink", ["heading": heading.text]).htmlEscaped)\">#</a></h\(heading.level)>\n"
        case .paragraph(let paragraph):
            let content = inlines(paragraph.inlines, state: &state)
            html += tight ? content + "\n" : "<p>\(content)</p>\n"
        case .list(let list):
            render(list, into: &html, state: &state)
        case .codeBlock(let code):
            html += CodeBlockHTML.render(code, strings: strings)
        case .table(let table):
            render(table, into: &html, state: &state)
        case .blockQuote(let quote):
            html += "<blockquote>\n"
            render(quote.blocks, tight: false, into: &html, state: &state)
            html += "</blockquote>\n"
        case .thematicBreak:
            html += "<hr>\n"
        case .htmlBlock(let block):
            html += anchorSpans(for: block.html, state: &state)
            let text = RawHTML.text(of: block.html)
            if !text.isEmpty { html += "<p class=\"raw-html\">\(text.htmlEscaped)</p>\n" }
            let references = rawReferences(in: block.html, state: &state)
            if !references.isEmpty { html += "<p class=\"raw-html\">\(references)</p>\n" }
        }
    }

    private func render(_ list: ListBlock, into html: inout String, state: inout State) {
        let tag = list.ordered ? "ol" : "ul"
        let start = list.ordered && list.start != 1 ? " start=\"\(list.start)\"" : ""
        let isTaskList = list.items.contains { $0.checked != nil }
        html += "<\(tag)\(start)\(isTaskList ? " class=\"task-list\"" : "")>\n"
        for item in list.items {
            html += "<li>"
            if let checked = item.checked {
                html += "<input type=\"checkbox\" disabled\(checked ? " checked" : "") aria-label=\"\(strings[checked ? "taskDone" : "taskNotDone"].htmlEscaped)\"> "
            }
            render(item.blocks, tight: list.tight, into: &html, state: &state)
            if html.hasSuffix("\n") { html.removeLast() }
            html += "</li>\n"
        }
        html += "</\(tag)>\n"
    }

    private func render(_ table: Table, into html: inout String, state: inout State) {
        func cell(_ tag: String, _ cell: TableCell, column: Int, state: inout State) -> String {
            let alignment = column < table.alignments.count ? table.alignments[column] : .none
            let attribute = alignment == .none ? "" : " class=\"align-\(alignment.rawValue)\""
            return "<\(tag)\(attribute)>\(inlines(cell.inlines, state: &state))</\(tag)>"
        }
        // Named by its columns, so a screen reader's list of regions tells the tables apart.
        var label = strings.list(table.header.map { $0.inlines.plainText.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        if label.count > 80 { label = String(label.prefix(79)) + "…" }
        label = label.isEmpty ? strings["table"] : strings.text("tableOf", ["columns": label])
        html += "<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"\(label.htmlEscaped)\">\n<table>\n<thead>\n<tr>"
        for (column, header) in table.header.enumerated() { html += cell("th", header, column: column, state: &state) }
        html += "</tr>\n</thead>\n"
        if !table.rows.isEmpty {
            html += "<tbody>\n"
            for row in table.rows {
                html += "<tr>"
                for (column, value) in row.enumerated() { html += cell("td", value, column: column, state: &state) }
                html += "</tr>\n"
            }
            html += "</tbody>\n"
        }
        html += "</table>\n</div>\n"
    }

    /// Empty elements carrying the anchors raw HTML defined, so links to them keep working.
    private func anchorSpans(for rawHTML: String, state: inout State) -> String {
        var html = ""
        let ids = RawHTML.ids(in: rawHTML)
        guard !ids.isEmpty else { return html }
        var used = state.usedIDs ?? reservedIDs.union(document.markdown.headings.map(\.anchor).filter { !$0.isEmpty })
        for id in ids where !id.contains(where: \.isWhitespace) {
            guard used.insert(id).inserted else { continue }
            html += "<span id=\"\(id.htmlEscaped)\"></span>"
        }
        state.usedIDs = used
        return html
    }

    /// The images of raw HTML (`<img src>`, `srcset`) shown as ours, and its links and images
    /// that lead nowhere marked broken, as Markdown's are. A working `<a href>` adds nothing: its
    /// text is already shown.
    private func rawReferences(in raw: String, insideLink: Bool = false, state: inout State) -> String {
        var html = ""
        for reference in LinkReference.rawHTML(in: raw) {
            let (resolved, asset) = resolver.resolve(reference.destination)
            if reference.kind.isImage, let asset, let url = inlineURL(forImage: asset) {
                html += "<img src=\"\(url)\" alt=\"\" loading=\"lazy\">"
                continue
            }
            switch (resolved, reference.kind.isImage) {
            case (.href(let href), true):
                if LinkTarget(reference.destination).kind == .external, insideLink {
                    html += "<span class=\"external-image\">\(strings.text("image", ["alt": href]).htmlEscaped)</span>"
                } else if LinkTarget(reference.destination).kind == .external {
                    html += "<a class=\"external external-image\" href=\"\(href.htmlEscaped)\">\(strings.text("image", ["alt": href]).htmlEscaped)</a>"
                } else {
                    html += "<img src=\"\(href.htmlEscaped)\" alt=\"\" loading=\"lazy\">"
                }
            case (.href, false):
                continue
            case (.brokenAnchor(_, let reason), _), (.broken(let reason), _):
                let what = strings[reference.kind.isImage ? "missingImage" : "brokenLink"]
                html += "<span class=\"broken-link\" title=\"\(strings.text("problemReason", ["problem": what, "reason": reason]).htmlEscaped)\">"
                    + "\(reference.destination.htmlEscaped)<span class=\"visually-hidden\"> (\(what))</span></span>"
            }
        }
        return html
    }

    // MARK: Inlines

    private func inlines(_ content: [Inline], insideLink: Bool = false, state: inout State) -> String {
        // Appended one by one: `map` then `joined` made an array of strings for every paragraph.
        var html = ""
        for item in content { html += inline(item, insideLink: insideLink, state: &state) }
        return html
    }

    private func inline(_ inline: Inline, insideLink: Bool, state: inout State) -> String {
        switch inline {
        case .text(let text):
            return text.htmlEscaped
        case .code(let span):
            return codeSpan(span, insideLink: insideLink)
        case .emphasis(let children):
            return "<em>\(inlines(children, insideLink: insideLink, state: &state))</em>"
        case .strong(let children):
            return "<strong>\(inlines(children, insideLink: insideLink, state: &state))</strong>"
        case .strikethrough(let children):
            return "<del>\(inlines(children, insideLink: insideLink, state: &state))</del>"
        case .link(let link):
            return self.link(link, insideLink: insideLink, state: &state)
        case .image(let image):
            return self.image(image, insideLink: insideLink, state: &state)
        case .html(let raw):
            if RawHTML.isLineBreak(raw) { return "<br>" }
            return anchorSpans(for: raw, state: &state) + rawReferences(in: raw, insideLink: insideLink, state: &state)
        case .softBreak:
            return "\n"
        case .lineBreak:
            return "<br>\n"
        }
    }

    private func link(_ link: Link, insideLink: Bool, state: inout State) -> String {
        let text = inlines(link.children, insideLink: true, state: &state)
        if insideLink { return text }
        let title = link.title.isEmpty ? "" : " title=\"\(link.title.htmlEscaped)\""
        let (resolved, _) = resolver.resolve(link.destination)
        switch resolved {
        case .href(let href):
            let external = LinkTarget(link.destination).kind == .external ? " class=\"external\"" : ""
            return "<a href=\"\(href.htmlEscaped)\"\(external)\(title)>\(text)</a>"
        case .brokenAnchor(let href, let reason):
            let what = strings["brokenAnchor"]
            return "<a href=\"\(href.htmlEscaped)\" class=\"broken-link\" title=\"\(strings.text("problemReason", ["problem": what, "reason": reason]).htmlEscaped)\">"
                + "\(text)<span class=\"visually-hidden\"> (\(what.htmlEscaped))</span></a>"
        case .broken(let reason):
            let what = strings["brokenLink"]
            return "<span class=\"broken-link\" title=\"\(strings.text("problemReason", ["problem": what, "reason": reason]).htmlEscaped)\">"
                + "\(text)<span class=\"visually-hidden\"> (\(what.htmlEscaped))</span></span>"
        }
    }

    private func image(_ image: Link, insideLink: Bool, state: inout State) -> String {
        let alt = image.children.plainText
        let title = image.title.isEmpty ? "" : " title=\"\(image.title.htmlEscaped)\""
        let (resolved, asset) = resolver.resolve(image.destination)
        if let asset, let url = inlineURL(forImage: asset) {
            return "<img src=\"\(url)\" alt=\"\(alt.htmlEscaped)\"\(title) loading=\"lazy\">"
        }
        switch resolved {
        case .href where LinkTarget(image.destination).kind == .external && insideLink:
            return "<span class=\"external-image\">\(strings.text("image", ["alt": alt]).htmlEscaped)</span>"
        case .href(let href) where LinkTarget(image.destination).kind == .external:
            // The site loads nothing from the network: an external image becomes a link to it.
            return "<a class=\"external external-image\" href=\"\(href.htmlEscaped)\"\(title)>\(strings.text("image", ["alt": alt.isEmpty ? href : alt]).htmlEscaped)</a>"
        case .href(let href):
            return "<img src=\"\(href.htmlEscaped)\" alt=\"\(alt.htmlEscaped)\"\(title) loading=\"lazy\">"
        case .brokenAnchor(_, let reason), .broken(let reason):
            let what = strings["missingImage"]
            return "<span class=\"broken-link\" title=\"\(strings.text("problemReason", ["problem": what, "reason": reason]).htmlEscaped)\">"
                + "\(strings.text("image", ["alt": alt]).htmlEscaped)<span class=\"visually-hidden\"> (\(what.htmlEscaped))</span></span>"
        }
    }

    /// A code span; a skill's name or a path to a document of the collection becomes a link.
    private func codeSpan(_ span: CodeSpan, insideLink: Bool) -> String {
        let code = "<code>\(span.code.htmlEscaped)</code>"
        guard !insideLink else { return code }
        switch graph.mention(of: span.code, in: document) {
        case .skill(let name):
            guard let skill = graph.skill(named: name) else { return code }
            return "<a class=\"skill-ref\" href=\"\(resolver.href(toPageOf: skill.skillFile).htmlEscaped)\">\(code)</a>"
        case .path(let path):
            return "<a href=\"\(resolver.href(toPageOf: path).htmlEscaped)\">\(code)</a>"
        case nil:
            return code
        }
    }

    // MARK: Line anchors

    /// For each block (numbered in the order `render` visits them), the anchored lines it holds:
    /// a line belongs to the last block that starts at or before it.
    static func lineAnchorsByBlock(_ blocks: [Block], lines: [Int]) -> [Int: [Int]] {
        guard !lines.isEmpty else { return [:] }
        var starts: [Int] = []
        func collect(_ blocks: [Block]) {
            for block in blocks {
                starts.append(block.location.line)
                switch block {
                case .list(let list): for item in list.items { collect(item.blocks) }
                case .blockQuote(let quote): collect(quote.blocks)
                default: break
                }
            }
        }
        collect(blocks)
        guard !starts.isEmpty else { return [:] }
        // The last start at or before each line, found by walking both in order (a scan of
        // every block for each line was quadratic in a document the reports point into often).
        // Starts are not always ascending (a list item's blocks can start on its own line), so
        // a block counts from the running maximum of the starts before it.
        var result: [Int: [Int]] = [:]
        var order = Array(starts.indices)
        order.sort { starts[$0] != starts[$1] ? starts[$0] < starts[$1] : $0 < $1 }
        var next = 0, best: Int?
        for line in Set(lines).sorted() {
            while next < order.count, starts[order[next]] <= line {
                best = max(best ?? order[next], order[next])
                next += 1
            }
            result[best ?? 0, default: []].append(line)
        }
        return result
    }
}
