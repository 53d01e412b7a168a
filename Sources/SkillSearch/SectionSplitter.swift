import SkillParser

/// Splits a document into search sections at its h2 and h3 headings (and any later h1), using the
/// typed Markdown tree, and collects each section's text by field.
enum SectionSplitter {
    /// Text length (in characters) after which a section continues in a new part.
    static let chunkLength = 4_000

    static func sections(of document: Document, skill: Skill?) -> [SplitSection] {
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

        var sections: [SplitSection] = []
        var current = opening
        var currentH2: String?
        var sawTitleHeading = false
        for block in markdown.blocks {
            if case .heading(let heading) = block, heading.level <= 3 {
                if heading.level == 1, !sawTitleHeading, heading.text == pageTitle, sections.isEmpty {
                    sawTitleHeading = true
                    continue
                }
                sections.append(collector.finish(current))
                if heading.level <= 2 { currentH2 = heading.level == 2 ? heading.text : nil }
                let parent = heading.level == 3 ? currentH2 : nil
                current = SearchSection(page: opening.page, anchor: heading.anchor, pageTitle: pageTitle,
                                        heading: heading.text, parentHeading: parent ?? "", skill: opening.skill)
                collector = TextCollector()
                collector.add(heading.text, to: .heading)
                collector.add(pageTitle, to: .context)
                if let parent { collector.add(parent, to: .context) }
                continue
            }
            if collector.shownLength >= chunkLength {
                // A long section is cut into parts at block boundaries, so that a result shows the
                // part that matches and a browser loads a few kilobytes for it, not the whole.
                sections.append(collector.finish(current))
                collector = TextCollector()
                collector.add(pageTitle, to: .context)
                for text in [current.parentHeading, current.heading] { collector.add(text, to: .context) }
            }
            collector.add(block)
        }
        sections.append(collector.finish(current))
        return sections
    }
}

/// A section as the splitter finds it, with the text of each of its indexed fields, which only
/// the index builder reads (the index keeps the weights it gives, not the texts).
struct SplitSection: Sendable {
    var section: SearchSection
    var fields: [SearchField: String]
}

/// Gathers the text of one section, by field, and the text shown in snippets.
struct TextCollector {
    private var fields: [SearchField: [String]] = [:]
    private var shown: [String] = []
    /// UTF-16 units of shown text so far.
    private(set) var shownLength = 0

    private mutating func show(_ text: String) {
        shown.append(text)
        shownLength += text.utf16.count + 1
    }

    mutating func add(_ text: String, to field: SearchField) {
        guard !text.isEmpty else { return }
        fields[field, default: []].append(text)
    }

    /// Prose that is also shown.
    mutating func addProse(_ text: String, to field: SearchField = .body) {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return }
        add(trimmed, to: field)
        show(trimmed)
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
                var prose: [String] = [], line: [String] = []
                for cell in row {
                    let split = InlineText(cell.inlines)
                    prose.append(split.prose)
                    for code in split.code { add(code, to: .code) }
                    line.append(split.shown.trimmingSpaces)
                }
                add(prose.joined(separator: " "), to: .body)
                let text = line.filter { !$0.isEmpty }.joined(separator: " · ")
                if !text.isEmpty { show(text) }
            }
        case .blockQuote(let quote):
            for child in quote.blocks { add(child) }
        case .thematicBreak, .htmlBlock:
            break
        }
    }

    private mutating func add(_ inlines: [Inline]) {
        let split = InlineText(inlines)
        add(split.prose, to: .body)
        for code in split.code { add(code, to: .code) }
        let text = split.shown.trimmingSpaces
        if !text.isEmpty { show(text) }
    }

    func finish(_ section: SearchSection) -> SplitSection {
        var section = section
        section.text = shown.joined(separator: "\n")
        return SplitSection(section: section, fields: fields.mapValues { $0.joined(separator: "\n") })
    }
}

/// The text of inline content, split into prose and code spans.
struct InlineText {
    var prose = ""
    var code: [String] = []
    var shown = ""

    init(_ inlines: [Inline]) { visit(inlines) }

    private mutating func visit(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                prose += text
                shown += text
            case .code(let span):
                code.append(span.code)
                prose += " "
                shown += span.code
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                visit(children)
            case .link(let link), .image(let link):
                visit(link.children)
            case .html:
                break
            case .softBreak, .lineBreak:
                prose += " "
                shown += " "
            }
        }
    }
}

extension String {
    /// Without leading and trailing white space and control characters, and with inner runs of
    /// them made one space. (The index files use control characters as codes.)
    var trimmingSpaces: String {
        // On the UTF-8 bytes, decoding only what is not ASCII: this runs on every paragraph of
        // every page, and a closure call per scalar showed in the index step's profile.
        var text = self
        return text.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var length = 1, isSeparator = byte <= 0x20 || byte == 0x7F
                if byte >= 0x80 {
                    let scalar: Unicode.Scalar
                    (scalar, length) = TokenScanner.decode(bytes, index)
                    isSeparator = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                }
                if isSeparator {
                    pendingSpace = !result.isEmpty
                } else {
                    if pendingSpace { result.append(0x20) }
                    pendingSpace = false
                    if length == 1 { result.append(byte) } else { result.append(contentsOf: bytes[index..<(index + length)]) }
                }
                index += length
            }
            return String(decoding: result, as: UTF8.self)
        }
    }
}
