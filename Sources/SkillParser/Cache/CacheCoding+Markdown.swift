/// The parse cache's encoding of a Markdown tree (blocks and inlines). Each type's writing and
/// reading sit side by side so a field added to one is seen missing in the other; the tags are
/// the cache's format (`ParseCacheKey.format` changes when they do). Writing and reading both
/// note every code block and table they pass (`TreeValues`), in the same order, so a
/// document's indexes can refer to them (`CacheCoding+Document`).
extension BinaryWriter {
    mutating func write(_ location: SourceLocation) {
        file(location.file)
        int(location.line)
        int(location.column)
    }

    mutating func write(_ blocks: [Block]) {
        count(blocks.count)
        for block in blocks { write(block) }
    }

    mutating func write(_ block: Block) {
        switch block {
        case .heading(let heading):
            byte(0)
            write(heading)
        case .paragraph(let paragraph):
            byte(1)
            write(paragraph.inlines)
            write(paragraph.location)
        case .list(let list):
            byte(2)
            bool(list.ordered)
            int(list.start)
            bool(list.tight)
            count(list.items.count)
            for item in list.items {
                write(item.blocks)
                switch item.checked {
                case nil: byte(0)
                case false?: byte(1)
                case true?: byte(2)
                }
                write(item.location)
            }
            write(list.location)
        case .codeBlock(let code):
            byte(3)
            write(code)
            tree.codeBlocks.append(code)
        case .table(let table):
            byte(4)
            write(table)
            tree.tables.append(table)
        case .blockQuote(let quote):
            byte(5)
            write(quote.blocks)
            write(quote.location)
        case .thematicBreak(let location):
            byte(6)
            write(location)
        case .htmlBlock(let html):
            byte(7)
            string(html.html)
            write(html.location)
        }
    }

    mutating func write(_ heading: Heading) {
        int(heading.level)
        write(heading.inlines)
        string(heading.text)
        string(heading.anchor)
        write(heading.location)
    }

    mutating func write(_ code: CodeBlock) {
        bool(code.fenced)
        string(code.info)
        optionalString(code.language)
        string(code.code)
        write(code.location)
    }

    mutating func write(_ table: Table) {
        count(table.alignments.count)
        for alignment in table.alignments {
            switch alignment {
            case .none: byte(0)
            case .left: byte(1)
            case .center: byte(2)
            case .right: byte(3)
            }
        }
        write(table.header)
        count(table.rows.count)
        for row in table.rows { write(row) }
        write(table.location)
    }

    mutating func write(_ cells: [TableCell]) {
        count(cells.count)
        for cell in cells {
            write(cell.inlines)
            string(cell.text)
        }
    }

    mutating func write(_ inlines: [Inline]) {
        count(inlines.count)
        for inline in inlines { write(inline) }
    }

    mutating func write(_ inline: Inline) {
        switch inline {
        case .text(let text):
            byte(0)
            string(text)
        case .code(let span):
            byte(1)
            write(span)
        case .emphasis(let children):
            byte(2)
            write(children)
        case .strong(let children):
            byte(3)
            write(children)
        case .strikethrough(let children):
            byte(4)
            write(children)
        case .link(let link):
            byte(5)
            write(link)
        case .image(let link):
            byte(6)
            write(link)
        case .html(let html):
            byte(7)
            string(html)
        case .softBreak:
            byte(8)
        case .lineBreak:
            byte(9)
        }
    }

    mutating func write(_ span: CodeSpan) {
        string(span.code)
        write(span.location)
    }

    mutating func write(_ link: Link) {
        string(link.destination)
        string(link.title)
        write(link.children)
        write(link.location)
    }
}

extension BinaryReader {
    mutating func location() throws(CacheDamage) -> SourceLocation {
        SourceLocation(file: try string(), line: try int(), column: try int())
    }

    mutating func blocks(depth: Int) throws(CacheDamage) -> [Block] {
        try Self.checkDepth(depth)
        return try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.block(depth: depth + 1) }
    }

    mutating func block(depth: Int) throws(CacheDamage) -> Block {
        switch try byte() {
        case 0:
            return .heading(try heading(depth: depth))
        case 1:
            return .paragraph(Paragraph(inlines: try inlines(depth: depth), location: try location()))
        case 2:
            let ordered = try bool(), start = try int(), tight = try bool()
            let items = try array { (reader: inout BinaryReader) throws(CacheDamage) -> ListItem in
                let blocks = try reader.blocks(depth: depth + 1)
                let checked: Bool?
                switch try reader.byte() {
                case 0: checked = nil
                case 1: checked = false
                case 2: checked = true
                default: throw CacheDamage("unknown task state")
                }
                return ListItem(blocks: blocks, checked: checked, location: try reader.location())
            }
            return .list(ListBlock(ordered: ordered, start: start, tight: tight, items: items, location: try location()))
        case 3:
            let code = try codeBlock()
            tree.codeBlocks.append(code)
            return .codeBlock(code)
        case 4:
            let table = try table(depth: depth)
            tree.tables.append(table)
            return .table(table)
        case 5:
            return .blockQuote(BlockQuote(blocks: try blocks(depth: depth + 1), location: try location()))
        case 6:
            return .thematicBreak(try location())
        case 7:
            return .htmlBlock(HTMLBlock(html: try string(), location: try location()))
        default:
            throw CacheDamage("unknown block")
        }
    }

    mutating func heading(depth: Int) throws(CacheDamage) -> Heading {
        Heading(level: try int(), inlines: try inlines(depth: depth), text: try string(), anchor: try string(),
                location: try location())
    }

    mutating func codeBlock() throws(CacheDamage) -> CodeBlock {
        CodeBlock(fenced: try bool(), info: try string(), language: try optionalString(), code: try string(),
                  location: try location())
    }

    mutating func table(depth: Int) throws(CacheDamage) -> Table {
        let alignments = try array { (reader: inout BinaryReader) throws(CacheDamage) -> TableAlignment in
            switch try reader.byte() {
            case 0: return .none
            case 1: return .left
            case 2: return .center
            case 3: return .right
            default: throw CacheDamage("unknown alignment")
            }
        }
        let header = try cells(depth: depth)
        let rows = try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.cells(depth: depth) }
        return Table(alignments: alignments, header: header, rows: rows, location: try location())
    }

    mutating func cells(depth: Int) throws(CacheDamage) -> [TableCell] {
        try array { (reader: inout BinaryReader) throws(CacheDamage) in
            TableCell(inlines: try reader.inlines(depth: depth + 1), text: try reader.string())
        }
    }

    mutating func inlines(depth: Int) throws(CacheDamage) -> [Inline] {
        try Self.checkDepth(depth)
        return try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.inline(depth: depth + 1) }
    }

    mutating func inline(depth: Int) throws(CacheDamage) -> Inline {
        switch try byte() {
        case 0: return .text(try string())
        case 1: return .code(try codeSpan())
        case 2: return .emphasis(try inlines(depth: depth))
        case 3: return .strong(try inlines(depth: depth))
        case 4: return .strikethrough(try inlines(depth: depth))
        case 5: return .link(try link(depth: depth))
        case 6: return .image(try link(depth: depth))
        case 7: return .html(try string())
        case 8: return .softBreak
        case 9: return .lineBreak
        default: throw CacheDamage("unknown inline")
        }
    }

    mutating func codeSpan() throws(CacheDamage) -> CodeSpan {
        CodeSpan(code: try string(), location: try location())
    }

    mutating func link(depth: Int) throws(CacheDamage) -> Link {
        Link(destination: try string(), title: try string(), children: try inlines(depth: depth), location: try location())
    }
}

/// The values of a record's tree, in the order written and read, that a document's indexes hold
/// again: an index entry refers to one by position, so the decoded index shares its storage
/// with the tree, as a fresh parse's does (and it is not decoded twice). Only the code blocks
/// and tables are referred to so (`writeShared`); every heading, code span, link and image was
/// noted as well, which nothing read: an array grown per kind in every record encoded and
/// decoded, all of it allocations on the rebuild's busiest threads.
struct TreeValues {
    var codeBlocks: [CodeBlock] = []
    var tables: [Table] = []
}
