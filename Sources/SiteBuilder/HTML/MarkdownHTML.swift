import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The HTML of a document's body, with what the site needs to know about it.
struct RenderedMarkdown: Sendable {
    /// The body's HTML as UTF-8, as it goes into the page.
    var htmlBytes: [UInt8]
    /// The same as text.
    var html: String { String(decoding: htmlBytes, as: UTF8.self) }
    /// The document's opening level-1 heading, rendered apart so the page can place it above
    /// the metadata; `nil` when the body does not start with one (the page then adds a title).
    var titleHTML: String?
}

/// Renders a document's typed Markdown tree to HTML. This is our own pass over the tree
/// cmark-gfm parsed: heading ids are GitHub's anchors with a permalink, links to Markdown
/// lead to the generated pages, skill names in code spans become links, broken links are
/// marked, and raw HTML from the source is never passed through.
///
/// The HTML is written as UTF-8 into one buffer, text escaped as it is copied
/// (`appendHTMLEscaped`): built from strings, a string for every inline, every escaped text
/// and every tag was made, scanned and copied again into its parent (half of the Markdown's time
/// in the render step's profile).
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

    /// HTML as UTF-8 bytes, as it is written.
    typealias Output = [UInt8]

    func render() -> RenderedMarkdown {
        var blocks = document.markdown.blocks[...]
        var state = State()
        state.anchorsByBlock = Self.lineAnchorsByBlock(Array(blocks), lines: anchoredLines)
        var titleHTML: String?
        if case .heading(let heading)? = blocks.first, heading.level == 1 {
            var title: Output = []
            render(blocks.removeFirst(), tight: false, into: &title, state: &state)
            titleHTML = String(decoding: title, as: UTF8.self)
        }
        var html: Output = []
        html.reserveCapacity(8_192)
        render(blocks, tight: false, into: &html, state: &state)
        return RenderedMarkdown(htmlBytes: html, titleHTML: titleHTML)
    }

    struct State {
        /// Ids taken on the page, made when raw HTML first brings an id of its own (most
        /// documents have none, and the set cost a tenth of rendering their Markdown).
        var usedIDs: Set<String>? = nil
        var blockIndex = 0
        var anchorsByBlock: [Int: [Int]] = [:]
    }

    // MARK: Blocks

    private func render(_ blocks: some Sequence<Block>, tight: Bool, into html: inout Output, state: inout State) {
        for block in blocks { render(block, tight: tight, into: &html, state: &state) }
    }

    private func render(_ block: Block, tight: Bool, into html: inout Output, state: inout State) {
        for line in state.anchorsByBlock[state.blockIndex] ?? [] {
            // An empty `<a id>` (a placeholder anchor, 16 bytes): a file the reports point into
            // 1,400 times would otherwise carry 60 KB of spans.
            html.appendUTF8("<a id=\"L\(line)\"></a>")
        }
        state.blockIndex += 1
        switch block {
        case .heading(let heading):
            // A heading of symbols alone has an empty anchor: no id and no permalink then.
            guard !heading.anchor.isEmpty else {
                html.appendUTF8("<h\(heading.level)>")
                inlines(heading.inlines, into: &html, state: &state)
                html.appendUTF8("</h\(heading.level)>\n")
                break
            }
            html.appendUTF8("<h\(heading.level) id=\"")
            html.appendHTMLEscaped(heading.anchor)
            html.appendUTF8("\">")
            inlines(heading.inlines, into: &html, state: &state)
            html.appendUTF8("<a class=\"permalink\" href=\"#")
            html.appendHTMLEscaped(heading.anchor.fragmentEncoded)
            html.appendUTF8("\" aria-label=\"")
            // Escaped piece by piece: escaping works byte by byte, so the pieces escaped one
            // after the other are the filled label escaped.
            for piece in strings.permalinkLabel {
                switch piece {
                case .text(let text): html.appendHTMLEscaped(text)
                case .argument: html.appendHTMLEscaped(heading.text)
                }
            }
            html.appendUTF8("\">#</a></h\(heading.level)>\n")
        case .paragraph(let paragraph):
            if !tight { html.appendUTF8("<p>") }
            inlines(paragraph.inlines, into: &html, state: &state)
            html.appendUTF8(tight ? "\n" : "</p>\n")
        case .list(let list):
            render(list, into: &html, state: &state)
        case .codeBlock(let code):
            CodeBlockHTML.render(code, strings: strings, into: &html)
        case .table(let table):
            render(table, into: &html, state: &state)
        case .blockQuote(let quote):
            html.appendUTF8("<blockquote>\n")
            render(quote.blocks, tight: false, into: &html, state: &state)
            html.appendUTF8("</blockquote>\n")
        case .thematicBreak:
            html.appendUTF8("<hr>\n")
        case .htmlBlock(let block):
            anchorSpans(for: block.html, into: &html, state: &state)
            let text = RawHTML.text(of: block.html)
            if !text.isEmpty {
                html.appendUTF8("<p class=\"raw-html\">")
                html.appendHTMLEscaped(text)
                html.appendUTF8("</p>\n")
            }
            var references: Output = []
            rawReferences(in: block.html, into: &references, state: &state)
            if !references.isEmpty {
                html.appendUTF8("<p class=\"raw-html\">")
                html.append(contentsOf: references)
                html.appendUTF8("</p>\n")
            }
        }
    }

    private func render(_ list: ListBlock, into html: inout Output, state: inout State) {
        let tag = list.ordered ? "ol" : "ul"
        let start = list.ordered && list.start != 1 ? " start=\"\(list.start)\"" : ""
        let isTaskList = list.items.contains { $0.checked != nil }
        html.appendUTF8("<\(tag)\(start)\(isTaskList ? " class=\"task-list\"" : "")>\n")
        for item in list.items {
            html.appendUTF8("<li>")
            if let checked = item.checked {
                html.appendUTF8("<input type=\"checkbox\" disabled\(checked ? " checked" : "") aria-label=\"")
                html.appendHTMLEscaped(strings[checked ? "taskDone" : "taskNotDone"])
                html.appendUTF8("\"> ")
            }
            render(item.blocks, tight: list.tight, into: &html, state: &state)
            // The item's last line break goes, as `String.hasSuffix("\n")` found it: a `\r\n` is one
            // character there, not a `\n`.
            if html.last == UInt8(ascii: "\n"), html.count < 2 || html[html.count - 2] != UInt8(ascii: "\r") { html.removeLast() }
            html.appendUTF8("</li>\n")
        }
        html.appendUTF8("</\(tag)>\n")
    }

    private func render(_ table: Table, into html: inout Output, state: inout State) {
        func cell(_ tag: String, _ cell: TableCell, column: Int, state: inout State) {
            let alignment = column < table.alignments.count ? table.alignments[column] : .none
            let attribute = alignment == .none ? "" : " class=\"align-\(alignment.rawValue)\""
            html.appendUTF8("<\(tag)\(attribute)>")
            inlines(cell.inlines, into: &html, state: &state)
            html.appendUTF8("</\(tag)>")
        }
        // Named by its columns, so a screen reader's list of regions tells the tables apart.
        var label = strings.list(table.header.map { Self.trimmingSpaces($0.inlines.plainText) }.filter { !$0.isEmpty })
        if label.count > 80 { label = String(label.prefix(79)) + "…" }
        label = label.isEmpty ? strings["table"] : strings.text("tableOf", ["columns": label])
        html.appendUTF8("<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"")
        html.appendHTMLEscaped(label)
        html.appendUTF8("\">\n<table>\n<thead>\n<tr>")
        for (column, header) in table.header.enumerated() { cell("th", header, column: column, state: &state) }
        html.appendUTF8("</tr>\n</thead>\n")
        if !table.rows.isEmpty {
            html.appendUTF8("<tbody>\n")
            for row in table.rows {
                html.appendUTF8("<tr>")
                for (column, value) in row.enumerated() { cell("td", value, column: column, state: &state) }
                html.appendUTF8("</tr>\n")
            }
            html.appendUTF8("</tbody>\n")
        }
        html.appendUTF8("</table>\n</div>\n")
    }

    /// `text.trimmingCharacters(in: .whitespaces)`; for ASCII (spaces and tabs are its only
    /// such characters) by bytes, without Foundation's string bridging (a fifth of a table).
    static func trimmingSpaces(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return text.trimmingCharacters(in: .whitespaces) }
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return text }
        return String(text[first ... last])
    }

    /// Empty elements carrying the anchors raw HTML defined, so links to them keep working.
    private func anchorSpans(for rawHTML: String, into html: inout Output, state: inout State) {
        let ids = RawHTML.ids(in: rawHTML)
        guard !ids.isEmpty else { return }
        var used = state.usedIDs ?? reservedIDs.union(document.markdown.headings.map(\.anchor).filter { !$0.isEmpty })
        for id in ids where !id.contains(where: \.isWhitespace) {
            guard used.insert(id).inserted else { continue }
            html.appendUTF8("<span id=\"")
            html.appendHTMLEscaped(id)
            html.appendUTF8("\"></span>")
        }
        state.usedIDs = used
    }

    /// The images of raw HTML (`<img src>`, `srcset`) shown as ours, and its links and images
    /// that lead nowhere marked broken, as Markdown's are. A working `<a href>` adds nothing: its
    /// text is already shown.
    private func rawReferences(in raw: String, insideLink: Bool = false, into html: inout Output, state: inout State) {
        for reference in LinkReference.rawHTML(in: raw) {
            let (resolved, asset, external) = resolver.resolveNoting(reference.destination)
            if reference.kind.isImage, let asset, let url = inlineURL(forImage: asset) {
                html.appendUTF8("<img src=\"\(url)\" alt=\"\" loading=\"lazy\">")
                continue
            }
            switch (resolved, reference.kind.isImage) {
            case (.href(let href), true):
                if external, insideLink {
                    html.appendUTF8("<span class=\"external-image\">")
                    html.appendHTMLEscaped(strings.text("image", ["alt": href]))
                    html.appendUTF8("</span>")
                } else if external {
                    html.appendUTF8("<a class=\"external external-image\" href=\"")
                    html.appendHTMLEscaped(href)
                    html.appendUTF8("\">")
                    html.appendHTMLEscaped(strings.text("image", ["alt": href]))
                    html.appendUTF8("</a>")
                } else {
                    html.appendUTF8("<img src=\"")
                    html.appendHTMLEscaped(href)
                    html.appendUTF8("\" alt=\"\" loading=\"lazy\">")
                }
            case (.href, false):
                continue
            case (.brokenAnchor(_, let reason), _), (.broken(let reason), _):
                let what = strings[reference.kind.isImage ? "missingImage" : "brokenLink"]
                html.appendUTF8("<span class=\"broken-link\" title=\"")
                html.appendHTMLEscaped(strings.text("problemReason", ["problem": what, "reason": reason]))
                html.appendUTF8("\">")
                html.appendHTMLEscaped(reference.destination)
                html.appendUTF8("<span class=\"visually-hidden\"> (\(what))</span></span>")
            }
        }
    }

    // MARK: Inlines

    private func inlines(_ content: [Inline], insideLink: Bool = false, into html: inout Output, state: inout State) {
        for item in content { inline(item, insideLink: insideLink, into: &html, state: &state) }
    }

    private func inline(_ inline: Inline, insideLink: Bool, into html: inout Output, state: inout State) {
        switch inline {
        case .text(let text):
            html.appendHTMLEscaped(text)
        case .code(let span):
            codeSpan(span, insideLink: insideLink, into: &html)
        case .emphasis(let children):
            html.appendUTF8("<em>")
            inlines(children, insideLink: insideLink, into: &html, state: &state)
            html.appendUTF8("</em>")
        case .strong(let children):
            html.appendUTF8("<strong>")
            inlines(children, insideLink: insideLink, into: &html, state: &state)
            html.appendUTF8("</strong>")
        case .strikethrough(let children):
            html.appendUTF8("<del>")
            inlines(children, insideLink: insideLink, into: &html, state: &state)
            html.appendUTF8("</del>")
        case .link(let link):
            self.link(link, insideLink: insideLink, into: &html, state: &state)
        case .image(let image):
            self.image(image, insideLink: insideLink, into: &html)
        case .html(let raw):
            if RawHTML.isLineBreak(raw) {
                html.appendUTF8("<br>")
                return
            }
            anchorSpans(for: raw, into: &html, state: &state)
            rawReferences(in: raw, insideLink: insideLink, into: &html, state: &state)
        case .softBreak:
            html.appendUTF8("\n")
        case .lineBreak:
            html.appendUTF8("<br>\n")
        }
    }

    private func link(_ link: Link, insideLink: Bool, into html: inout Output, state: inout State) {
        // The link's own text inside another link (whose text it is part of).
        guard !insideLink else {
            inlines(link.children, insideLink: true, into: &html, state: &state)
            return
        }
        let (resolved, _, external) = resolver.resolveNoting(link.destination)
        switch resolved {
        case .href(let href):
            html.appendUTF8("<a href=\"")
            html.appendHTMLEscaped(href)
            html.appendUTF8(external ? "\" class=\"external\"" : "\"")
            appendTitle(link.title, into: &html)
            html.appendUTF8(">")
            inlines(link.children, insideLink: true, into: &html, state: &state)
            html.appendUTF8("</a>")
        case .brokenAnchor(let href, let reason):
            html.appendUTF8("<a href=\"")
            html.appendHTMLEscaped(href)
            html.appendUTF8("\" class=\"broken-link\" title=\"")
            brokenLinkRest(link, problem: strings["brokenAnchor"], reason: reason, closing: "</a>", into: &html, state: &state)
        case .broken(let reason):
            html.appendUTF8("<span class=\"broken-link\" title=\"")
            brokenLinkRest(link, problem: strings["brokenLink"], reason: reason, closing: "</span>", into: &html, state: &state)
        }
    }

    /// What follows ` title="` in a broken link's element (an `<a>` to a page whose anchor is
    /// missing, or a `<span>` when there is nothing to link to): the problem and its reason as the
    /// title, the link's text, the problem again for screen readers, and the closing tag.
    private func brokenLinkRest(_ link: Link, problem: String, reason: String, closing: String,
                                into html: inout Output, state: inout State) {
        html.appendHTMLEscaped(strings.text("problemReason", ["problem": problem, "reason": reason]))
        html.appendUTF8("\">")
        inlines(link.children, insideLink: true, into: &html, state: &state)
        html.appendUTF8("<span class=\"visually-hidden\"> (")
        html.appendHTMLEscaped(problem)
        html.appendUTF8(")</span>")
        html.appendUTF8(closing)
    }

    /// ` title="…"` when the link or image has a title.
    private func appendTitle(_ title: String, into html: inout Output) {
        guard !title.isEmpty else { return }
        html.appendUTF8(" title=\"")
        html.appendHTMLEscaped(title)
        html.appendUTF8("\"")
    }

    private func image(_ image: Link, insideLink: Bool, into html: inout Output) {
        let alt = image.children.plainText
        let (resolved, asset, external) = resolver.resolveNoting(image.destination)
        if let asset, let url = inlineURL(forImage: asset) {
            html.appendUTF8("<img src=\"\(url)\" alt=\"")
            html.appendHTMLEscaped(alt)
            html.appendUTF8("\"")
            appendTitle(image.title, into: &html)
            html.appendUTF8(" loading=\"lazy\">")
            return
        }
        switch resolved {
        case .href where external && insideLink:
            html.appendUTF8("<span class=\"external-image\">")
            html.appendHTMLEscaped(strings.text("image", ["alt": alt]))
            html.appendUTF8("</span>")
        case .href(let href) where external:
            // The site loads nothing from the network: an external image becomes a link to it.
            html.appendUTF8("<a class=\"external external-image\" href=\"")
            html.appendHTMLEscaped(href)
            html.appendUTF8("\"")
            appendTitle(image.title, into: &html)
            html.appendUTF8(">")
            html.appendHTMLEscaped(strings.text("image", ["alt": alt.isEmpty ? href : alt]))
            html.appendUTF8("</a>")
        case .href(let href):
            html.appendUTF8("<img src=\"")
            html.appendHTMLEscaped(href)
            html.appendUTF8("\" alt=\"")
            html.appendHTMLEscaped(alt)
            html.appendUTF8("\"")
            appendTitle(image.title, into: &html)
            html.appendUTF8(" loading=\"lazy\">")
        case .brokenAnchor(_, let reason), .broken(let reason):
            let what = strings["missingImage"]
            html.appendUTF8("<span class=\"broken-link\" title=\"")
            html.appendHTMLEscaped(strings.text("problemReason", ["problem": what, "reason": reason]))
            html.appendUTF8("\">")
            html.appendHTMLEscaped(strings.text("image", ["alt": alt]))
            html.appendUTF8("<span class=\"visually-hidden\"> (")
            html.appendHTMLEscaped(what)
            html.appendUTF8(")</span></span>")
        }
    }

    /// A code span; a skill's name or a path to a document of the collection becomes a link.
    private func codeSpan(_ span: CodeSpan, insideLink: Bool, into html: inout Output) {
        func code() {
            html.appendUTF8("<code>")
            html.appendHTMLEscaped(span.code)
            html.appendUTF8("</code>")
        }
        guard !insideLink else { return code() }
        switch graph.mention(of: span.code, in: document) {
        case .skill(let name):
            guard let skill = graph.skill(named: name) else { return code() }
            html.appendUTF8("<a class=\"skill-ref\" href=\"")
            html.appendHTMLEscaped(resolver.href(toPageOf: skill.skillFile))
            html.appendUTF8("\">")
            code()
            html.appendUTF8("</a>")
        case .path(let path):
            html.appendUTF8("<a href=\"")
            html.appendHTMLEscaped(resolver.href(toPageOf: path))
            html.appendUTF8("\">")
            code()
            html.appendUTF8("</a>")
        case nil:
            code()
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
