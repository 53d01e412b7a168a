/// Everything a reader or an agent sees written in a document, as one string: prose, code
/// spans, code blocks, link destinations and raw HTML. Used to tell whether a document
/// mentions a file by name.
enum DocumentText {
    static func of(_ markdown: MarkdownDocument) -> String {
        var parts: [String] = []
        for block in markdown.blocks { collect(block, into: &parts) }
        return parts.joined(separator: "\n")
    }

    private static func collect(_ block: Block, into parts: inout [String]) {
        switch block {
        case .heading(let heading): collect(heading.inlines, into: &parts)
        case .paragraph(let paragraph): collect(paragraph.inlines, into: &parts)
        case .list(let list): for item in list.items { for child in item.blocks { collect(child, into: &parts) } }
        case .codeBlock(let code): parts.append(code.code)
        case .table(let table): for cell in table.header + table.rows.joined() { collect(cell.inlines, into: &parts) }
        case .blockQuote(let quote): for child in quote.blocks { collect(child, into: &parts) }
        case .thematicBreak: break
        case .htmlBlock(let html): parts.append(html.html)
        }
    }

    private static func collect(_ inlines: [Inline], into parts: inout [String]) {
        for inline in inlines {
            switch inline {
            case .text(let text), .html(let text): parts.append(text)
            case .code(let span): parts.append(span.code)
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                collect(children, into: &parts)
            case .link(let link), .image(let link):
                parts.append(link.destination)
                collect(link.children, into: &parts)
            case .softBreak, .lineBreak: parts.append(" ")
            }
        }
    }
}
