internal import CCmarkGFM
import Foundation

/// Parses Markdown with cmark-gfm and converts its tree into Swift values.
/// Every `cmark_*` call of the project lives in this file.
enum CmarkConverter {
    /// The GitHub extensions we parse with.
    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// The version of the libcmark-gfm this process runs with: a new one may parse differently,
    /// so the parse cache is keyed on it.
    static var libraryVersion: String { String(cString: cmark_version_string()) }

    /// Registering the extensions is not thread-safe; a static runs it once, before any parse.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// cmark-gfm keeps process-wide tables, `SPECIAL_CHARS` and `SKIP_CHARS`, that its inline
    /// phase reads and changes: `cmark_parser_finish` marks the characters of the attached
    /// extensions (`~` for strikethrough, `:` and `w` for autolinks) before parsing inlines and
    /// clears them afterwards. The writes are not idempotent: one parse clearing `~` while another
    /// is inside its inline phase loses that one's strikethrough. So `cmark_parser_finish` runs one
    /// at a time. Nothing else a parse calls writes process-wide state (in Debian's 0.29.0.gfm.6
    /// only those two functions, called only from `cmark_parser_finish`, store into the tables,
    /// and the table extension's `cmark_arena_push`/`pop` only read a null arena pointer), so
    /// creating a parser and the block phase, `cmark_parser_feed`, run in parallel, as does the
    /// conversion to Swift values. The extensions register once, before any parse (`registered`).
    private static let inlinePhase = NSLock()

    /// The tasklist extension, which marks the list items it reads as task items.
    private static let tasklist: UncheckedSendable<OpaquePointer?> = {
        precondition(registered)
        return UncheckedSendable(cmark_find_syntax_extension("tasklist"))
    }()

    /// Parses a file's Markdown into blocks. `source` is the whole file (line ends normalised
    /// to LF); cmark reads `blankLines` empty lines, standing for the frontmatter, then `body`,
    /// the rest of `source`, so that its line numbers are the file's own. Both are read where
    /// they lie: nothing is copied before cmark takes its own copy. Locations are 1-based lines
    /// and columns of `file`. Content nested deeper than `InputLimits.maximumMarkdownDepth`
    /// becomes plain text, reported in `diagnostics`.
    static func parse(source: UnsafeBufferPointer<UInt8>, blankLines: Int, body: UnsafeBufferPointer<UInt8>,
                      file: String, diagnostics: inout [Diagnostic]) -> [Block] {
        // The tree is converted, and its strings copied, before the arena takes its memory back.
        CmarkArena.withAllocator { allocator in
            parse(source: source, blankLines: blankLines, body: body, file: file, allocator: allocator,
                  diagnostics: &diagnostics)
        }
    }

    /// `allocator` is the memory cmark allocates from (`nil`: malloc's).
    private static func parse(source: UnsafeBufferPointer<UInt8>, blankLines: Int, body: UnsafeBufferPointer<UInt8>,
                              file: String, allocator: UnsafeMutablePointer<cmark_mem>?,
                              diagnostics: inout [Diagnostic]) -> [Block] {
        precondition(registered)
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        guard let parser = allocator.map({ cmark_parser_new_with_mem(options, $0) }) ?? cmark_parser_new(options) else {
            return []
        }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        if blankLines > 0 {
            let newlines = [CChar](repeating: 0x0A, count: blankLines)
            newlines.withUnsafeBufferPointer { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        if let base = body.baseAddress, body.count > 0 {
            base.withMemoryRebound(to: CChar.self, capacity: body.count) { cmark_parser_feed(parser, $0, body.count) }
        }
        let finished = inlinePhase.withLock { cmark_parser_finish(parser) }
        guard let root = finished else { return [] }
        defer { cmark_node_free(root) }
        var converter = Converter(file: file, source: source)
        let blocks = converter.blocks(under: root, depth: 1)
        if let deepest = converter.flattenedAt {
            diagnostics.append(Diagnostic(
                .warning, code: "markdown-nesting-limit",
                "Markdown nested more than \(InputLimits.maximumMarkdownDepth) levels deep; the deeper content is shown as plain text",
                at: deepest, suggestion: "flatten the nested quotes, lists or emphasis"))
        }
        return blocks
    }

    private struct Converter {
        let file: String
        /// cmark counts columns in bytes; an editor counts characters.
        var columns: SourceColumns
        var slugger = Slugger()
        /// Where the first node past the depth limit starts, if any.
        var flattenedAt: SourceLocation?

        init(file: String, source: UnsafeBufferPointer<UInt8>) {
            self.file = file
            columns = SourceColumns(bytes: source)
        }

        mutating func location(of node: OpaquePointer) -> SourceLocation {
            let line = Int(cmark_node_get_start_line(node))
            let byteColumn = Int(cmark_node_get_start_column(node))
            return SourceLocation(file: file, line: max(line, 1), column: columns.column(line: line, byteColumn: byteColumn))
        }

        /// The text of everything under `node`, found with cmark's own iterator (which does not
        /// recurse), for content past the depth limit.
        mutating func flattenedText(of node: OpaquePointer, at location: SourceLocation) -> String {
            if flattenedAt == nil { flattenedAt = location }
            guard let iterator = cmark_iter_new(node) else { return "" }
            defer { cmark_iter_free(iterator) }
            var text = ""
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard let current = cmark_iter_get_node(iterator) else { continue }
                switch cmark_node_get_type(current) {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                    if event == CMARK_EVENT_ENTER { text += literal(current) }
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                    text += " "
                case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_ITEM:
                    if event == CMARK_EVENT_EXIT, !text.isEmpty, text.last != " " { text += " " }
                default:
                    break
                }
            }
            return text.trimmingWhitespace
        }


        func literal(_ node: OpaquePointer) -> String {
            cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        }

        func typeString(_ node: OpaquePointer) -> String {
            cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
        }

        /// The number of children of `node`: arrays of them are made to size, as the whole
        /// build holds them (growth by doubling left a quarter of their room empty).
        static func childCount(of node: OpaquePointer) -> Int {
            var count = 0
            var child = cmark_node_first_child(node)
            while let current = child {
                count += 1
                child = cmark_node_next(current)
            }
            return count
        }

        /// Each child is freed once converted: without the arena (`CmarkArena`, a parse inside a
        /// parse) cmark's tree and ours are then never both whole (a cmark node takes about 170
        /// bytes); in the arena a free costs nothing and the memory returns when the parse ends.
        mutating func blocks(under node: OpaquePointer, depth: Int) -> [Block] {
            var result: [Block] = []
            result.reserveCapacity(Self.childCount(of: node))
            var child = cmark_node_first_child(node)
            while let current = child {
                child = cmark_node_next(current)
                if let block = block(current, depth: depth) { result.append(block) }
                cmark_node_free(current)
            }
            return result
        }

        mutating func block(_ node: OpaquePointer, depth: Int) -> Block? {
            let location = location(of: node)
            guard depth <= InputLimits.maximumMarkdownDepth else {
                let text = flattenedText(of: node, at: location)
                return text.isEmpty ? nil : .paragraph(Paragraph(inlines: [.text(text)], location: location))
            }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                let content = inlines(under: node, depth: depth + 1, fallback: location)
                let text = content.plainText
                return .heading(Heading(level: Int(cmark_node_get_heading_level(node)), inlines: content, text: text,
                                        anchor: slugger.slug(text), location: location))
            case CMARK_NODE_PARAGRAPH:
                return .paragraph(Paragraph(inlines: inlines(under: node, depth: depth + 1, fallback: location), location: location))
            case CMARK_NODE_LIST:
                var items: [ListItem] = []
                items.reserveCapacity(Self.childCount(of: node))
                var child = cmark_node_first_child(node)
                while let item = child {
                    child = cmark_node_next(item)
                    let itemLocation = self.location(of: item)
                    let isTask = cmark_node_get_syntax_extension(item) == CmarkConverter.tasklist.value
                    items.append(ListItem(
                        blocks: blocks(under: item, depth: depth + 2),
                        checked: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil,
                        location: itemLocation))
                    cmark_node_free(item)
                }
                return .list(ListBlock(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                                       start: Int(cmark_node_get_list_start(node)),
                                       tight: cmark_node_get_list_tight(node) != 0, items: items, location: location))
            case CMARK_NODE_CODE_BLOCK:
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" }).first.map(String.init)
                var fenceLength: Int32 = 0, fenceOffset: Int32 = 0, fenceCharacter: CChar = 0
                let fenced = cmark_node_get_fenced(node, &fenceLength, &fenceOffset, &fenceCharacter) != 0
                return .codeBlock(CodeBlock(fenced: fenced, info: info,
                                            language: language, code: literal(node), location: location))
            case CMARK_NODE_BLOCK_QUOTE:
                return .blockQuote(BlockQuote(blocks: blocks(under: node, depth: depth + 1), location: location))
            case CMARK_NODE_THEMATIC_BREAK:
                return .thematicBreak(location)
            case CMARK_NODE_HTML_BLOCK:
                return .htmlBlock(HTMLBlock(html: literal(node), location: location))
            default:
                if typeString(node) == "table" { return .table(table(node, location: location, depth: depth)) }
                return nil
            }
        }

        mutating func table(_ node: OpaquePointer, location: SourceLocation, depth: Int) -> Table {
            let columns = Int(cmark_gfm_extensions_get_table_columns(node))
            var alignments: [TableAlignment] = []
            if let raw = cmark_gfm_extensions_get_table_alignments(node) {
                for index in 0..<columns {
                    switch UInt8(raw[index]) {
                    case UInt8(ascii: "l"): alignments.append(.left)
                    case UInt8(ascii: "c"): alignments.append(.center)
                    case UInt8(ascii: "r"): alignments.append(.right)
                    default: alignments.append(.none)
                    }
                }
            }
            var header: [TableCell] = []
            var rows: [[TableCell]] = []
            var nextRow = cmark_node_first_child(node)
            while let row = nextRow {
                nextRow = cmark_node_next(row)
                var cells: [TableCell] = []
                cells.reserveCapacity(Self.childCount(of: row))
                var nextCell = cmark_node_first_child(row)
                while let cell = nextCell {
                    nextCell = cmark_node_next(cell)
                    let content = inlines(under: cell, depth: depth + 3, fallback: location)
                    cells.append(TableCell(inlines: content, text: content.plainText))
                }
                if cmark_gfm_extensions_get_table_row_is_header(row) != 0 { header = cells } else { rows.append(cells) }
            }
            return Table(alignments: alignments, header: header, rows: rows, location: location)
        }

        /// `fallback` is where the nearest enclosing node with a position starts.
        mutating func inlines(under node: OpaquePointer, depth: Int, fallback: SourceLocation) -> [Inline] {
            var result: [Inline] = []
            result.reserveCapacity(Self.childCount(of: node))
            var child = cmark_node_first_child(node)
            while let current = child {
                if let inline = inline(current, parent: node, depth: depth, fallback: fallback) { result.append(inline) }
                child = cmark_node_next(current)
            }
            return result
        }

        mutating func inline(_ node: OpaquePointer, parent: OpaquePointer, depth: Int, fallback: SourceLocation) -> Inline? {
            let type = cmark_node_get_type(node)
            // Text carries no location; skipping it keeps the column cursor moving forward.
            if type == CMARK_NODE_TEXT { return .text(literal(node)) }
            // Inline positions are not always set by cmark-gfm (emphasis over several lines has
            // none, nor its parent): fall back to the parent, else to the nearest node that has one.
            let location = cmark_node_get_start_line(node) != 0 ? self.location(of: node)
                : cmark_node_get_start_line(parent) != 0 ? self.location(of: parent) : fallback
            guard depth <= InputLimits.maximumMarkdownDepth else { return .text(flattenedText(of: node, at: location)) }
            switch type {
            case CMARK_NODE_CODE: return .code(CodeSpan(code: literal(node), location: location))
            case CMARK_NODE_EMPH: return .emphasis(inlines(under: node, depth: depth + 1, fallback: location))
            case CMARK_NODE_STRONG: return .strong(inlines(under: node, depth: depth + 1, fallback: location))
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                let link = Link(destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
                                title: cmark_node_get_title(node).map { String(cString: $0) } ?? "",
                                children: inlines(under: node, depth: depth + 1, fallback: location), location: location)
                return cmark_node_get_type(node) == CMARK_NODE_LINK ? .link(link) : .image(link)
            case CMARK_NODE_HTML_INLINE: return .html(literal(node))
            case CMARK_NODE_SOFTBREAK: return .softBreak
            case CMARK_NODE_LINEBREAK: return .lineBreak
            default:
                if typeString(node) == "strikethrough" { return .strikethrough(inlines(under: node, depth: depth + 1, fallback: location)) }
                return nil
            }
        }
    }
}
