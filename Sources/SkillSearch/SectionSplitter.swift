import SkillParser

/// Splits a document into search sections at its h2 and h3 headings (and any later h1), using the
/// typed Markdown tree, and collects each section's text by field.
enum SectionSplitter {
    /// Text length (in characters) after which a section continues in a new part.
    static let chunkLength = 4_000

    static func sections(of document: Document, skill: Skill?) -> [SplitSection] {
        var sections: [SplitSection] = []
        forEachSection(of: document, skill: skill) { sections.append($0) }
        return sections
    }

    /// Calls `body` with each section of `document` in order. A section's field texts are the
    /// splitter's own arrays, emptied for the next section once `body` returns: counting, which
    /// drops them, lets them keep their room from section to section (new arrays growing for
    /// every section showed in the splitter's profile).
    static func forEachSection(of document: Document, skill: Skill?, _ body: (SplitSection) -> Void) {
        let markdown = document.markdown
        let pageTitle = markdown.title
        let opening = SearchSection(page: SitePaths.page(forSource: document.path), pageTitle: pageTitle,
                                    skill: skill?.name ?? "")
        var collector = TextCollector()
        collector.add(pageTitle, to: .title)
        if let skill, document.kind == .skill { collector.add(skill.name, to: .context) }
        if let description = markdown.frontmatter?.entries.first(where: { $0.key == "description" })?.value.stringValue {
            collector.addProse(description, to: .description)
        }

        var emitted = false
        var current = opening
        var currentH2: String?
        var sawTitleHeading = false
        func emit() {
            body(collector.finish(current))
            collector.reset()
            emitted = true
        }
        for block in markdown.blocks {
            if case .heading(let heading) = block, heading.level <= 3 {
                if heading.level == 1, !sawTitleHeading, heading.text == pageTitle, !emitted {
                    sawTitleHeading = true
                    continue
                }
                emit()
                if heading.level <= 2 { currentH2 = heading.level == 2 ? heading.text : nil }
                let parent = heading.level == 3 ? currentH2 : nil
                current = SearchSection(page: opening.page, anchor: heading.anchor, pageTitle: pageTitle,
                                        heading: heading.text, parentHeading: parent ?? "", skill: opening.skill)
                collector.add(heading.text, to: .heading)
                collector.add(pageTitle, to: .context)
                if let parent { collector.add(parent, to: .context) }
                continue
            }
            if collector.shownLength >= chunkLength {
                // A long section is cut into parts at block boundaries, so that a result shows the
                // part that matches and a browser loads a few kilobytes for it, not the whole.
                emit()
                collector.add(pageTitle, to: .context)
                for text in [current.parentHeading, current.heading] { collector.add(text, to: .context) }
            }
            collector.add(block)
        }
        body(collector.finish(current))
    }
}

/// A section as the splitter finds it, with the text of each of its indexed fields, which only
/// the index builder reads (the index keeps the weights it gives, not the texts).
struct SplitSection: Sendable {
    var section: SearchSection
    /// By field (`SearchField.allCases` order): the field's pieces of text as UTF-8, one line each.
    var fields: [[UInt8]]

    /// The UTF-8 text of `field`, its pieces separated by line feeds (empty when it has none).
    func text(of field: SearchField) -> [UInt8] { fields[field.order] }
}

extension SearchField {
    /// The field's place in `allCases`, where a split section keeps its text.
    var order: Int {
        switch self {
        case .title: 0
        case .heading: 1
        case .description: 2
        case .context: 3
        case .body: 4
        case .code: 5
        }
    }
}

/// Gathers the text of one section, by field, and the text shown in snippets.
///
/// Texts are gathered as UTF-8 bytes, which the index's tokenizer reads: joining strings per
/// piece and per field (and measuring each in UTF-16 for `shownLength`) made the splitter about a
/// seventh of the index step's profile, mostly allocations and string growth.
struct TextCollector {
    private var fields: [[UInt8]] = Array(repeating: [], count: SearchField.allCases.count)
    /// The shown pieces, one line each.
    private var shown: [UInt8] = []
    /// UTF-16 units of shown text so far.
    private(set) var shownLength = 0
    /// The inline text of the block being added, its room kept from block to block.
    private var inline = InlineText()

    private mutating func show(_ text: [UInt8], utf16 count: Int) {
        if !shown.isEmpty { shown.append(0x0A) }
        shown += text
        shownLength += count + 1
    }

    mutating func add(_ text: String, to field: SearchField) {
        guard !text.isEmpty else { return }
        append(text.utf8, to: field)
    }

    private mutating func add(_ text: [UInt8], to field: SearchField) {
        guard !text.isEmpty else { return }
        append(text, to: field)
    }

    private mutating func append<Bytes: Collection<UInt8>>(_ text: Bytes, to field: SearchField) {
        let order = field.order
        if !fields[order].isEmpty { fields[order].append(0x0A) }
        fields[order].append(contentsOf: text)
    }

    /// Prose that is also shown.
    mutating func addProse(_ text: String, to field: SearchField = .body) {
        var text = text
        let (trimmed, count) = text.withUTF8 { TextTrimming.trimmed($0) }
        guard !trimmed.isEmpty else { return }
        add(trimmed, to: field)
        show(trimmed, utf16: count)
    }

    mutating func add(_ block: Block) {
        switch block {
        case .heading(let heading):
            add(heading.inlines)
        case .paragraph(let paragraph):
            add(paragraph.inlines)
        case .list(let list):
            for item in list.items { for child in item.blocks { add(child) } }
        case .codeBlock(let code):
            add(code.code, to: .code)
        case .table(let table):
            for row in [table.header] + table.rows {
                var prose: [UInt8] = [], line: [UInt8] = [], lineLength = 0
                for (number, cell) in row.enumerated() {
                    inline.collect(cell.inlines)
                    if number > 0 { prose.append(0x20) }
                    prose += inline.prose
                    for code in inline.code { add(code, to: .code) }
                    let (shown, count) = inline.shown.withUnsafeBufferPointer { TextTrimming.trimmed($0) }
                    if !shown.isEmpty {
                        // " · " between the cells that show something.
                        if !line.isEmpty { line += [0x20, 0xC2, 0xB7, 0x20]; lineLength += 3 }
                        line += shown
                        lineLength += count
                    }
                }
                add(prose, to: .body)
                if !line.isEmpty { show(line, utf16: lineLength) }
            }
        case .blockQuote(let quote):
            for child in quote.blocks { add(child) }
        case .thematicBreak, .htmlBlock:
            break
        }
    }

    private mutating func add(_ inlines: [Inline]) {
        inline.collect(inlines)
        add(inline.prose, to: .body)
        for code in inline.code { add(code, to: .code) }
        // Trimmed straight into the shown text, on its own line (no array per block).
        let count = inline.shown.withUnsafeBufferPointer { TextTrimming.append($0, to: &shown, after: 0x0A) }
        if count > 0 { shownLength += count + 1 }
    }

    /// Empties the collector for the next section, keeping its arrays' room.
    mutating func reset() {
        for order in fields.indices { fields[order].removeAll(keepingCapacity: true) }
        shown.removeAll(keepingCapacity: true)
        shownLength = 0
    }

    func finish(_ section: SearchSection) -> SplitSection {
        var section = section
        section.text = String(decoding: shown, as: UTF8.self)
        return SplitSection(section: section, fields: fields)
    }
}

/// The text of inline content as UTF-8, split into prose and code spans.
struct InlineText {
    private(set) var prose: [UInt8] = []
    private(set) var code: [String] = []
    private(set) var shown: [UInt8] = []

    /// Replaces the text with that of `inlines`, keeping the arrays' room.
    mutating func collect(_ inlines: [Inline]) {
        prose.removeAll(keepingCapacity: true)
        code.removeAll(keepingCapacity: true)
        shown.removeAll(keepingCapacity: true)
        visit(inlines)
    }

    private mutating func visit(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                prose += text.utf8
                shown += text.utf8
            case .code(let span):
                code.append(span.code)
                prose.append(0x20)
                shown += span.code.utf8
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                visit(children)
            case .link(let link), .image(let link):
                visit(link.children)
            case .html:
                break
            case .softBreak, .lineBreak:
                prose.append(0x20)
                shown.append(0x20)
            }
        }
    }
}

/// Trimming white space and control characters, decided once for the splitter's byte texts and
/// for strings.
enum TextTrimming {
    /// `bytes` (valid UTF-8) without leading and trailing white space and control characters, with
    /// inner runs of them made one space (the index files use control characters as codes), and
    /// the result's length in UTF-16 units.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], utf16: Int) {
        var result: [UInt8] = []
        let units = append(bytes, to: &result, after: nil)
        return (result, units)
    }

    /// Appends `bytes` trimmed (as `trimmed`) to `result`, after `separator` when `result` is not
    /// empty, and returns the trimmed text's length in UTF-16 units; nothing is appended (not
    /// even the separator) when the trimmed text is empty.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to result: inout [UInt8], after separator: UInt8?) -> Int {
        // On the UTF-8 bytes, decoding only what is not ASCII, into room made once (the result
        // is never longer): this runs on every paragraph of every page, and appending byte by
        // byte, and asking Unicode's properties for every scalar, showed in the index step's profile.
        let before = result.count
        if let separator, !result.isEmpty { result.append(separator) }
        let start = result.count
        result.append(contentsOf: repeatElement(0, count: bytes.count))
        var units = 0
        let end = result.withUnsafeMutableBufferPointer { room in
            let output = UnsafeMutableBufferPointer(rebasing: room[start...])
            var count = 0
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var length = 1
                let isSeparator: Bool
                if byte < 0x80 {
                    isSeparator = byte <= 0x20 || byte == 0x7F
                } else {
                    let scalar: Unicode.Scalar
                    (scalar, length) = TokenScanner.decode(bytes, index)
                    isSeparator = isSpaceOrControl(scalar)
                }
                if isSeparator {
                    pendingSpace = count > 0
                } else {
                    if pendingSpace {
                        output[count] = 0x20
                        count += 1
                        units += 1
                        pendingSpace = false
                    }
                    for offset in 0..<length { output[count + offset] = bytes[index + offset] }
                    count += length
                    units += length == 4 ? 2 : 1
                }
                index += length
            }
            return start + count
        }
        result.removeLast(result.count - (end > start ? end : before))
        return units
    }

    /// Whether a scalar beyond ASCII is white space or a control character (Unicode's
    /// White_Space property, which is stable, and the C1 controls); `TextTrimmingTests` checks
    /// this against the scalar properties for every scalar.
    @inline(__always)
    static func isSpaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
