import Foundation

/// Walks a document's blocks once and collects what the checks, the graph and the site use.
struct DocumentIndexer {
    var headings: [Heading] = []
    var links: [Link] = []
    var images: [Link] = []
    var codeSpans: [CodeSpan] = []
    var codeBlocks: [CodeBlock] = []
    var tables: [Table] = []
    var html: [HTMLFragment] = []
    var rules: [Rule] = []
    var relatedSkillItems: [RelatedSkillItem] = []
    var headedLists: [HeadedList] = []

    /// Headings above the current block, outermost first.
    private var headingStack: [Heading] = []
    /// Level of the "Related skills" heading whose section we are in, if any.
    private var relatedSkillsLevel: Int?

    mutating func visit(_ blocks: [Block]) {
        for (index, block) in blocks.enumerated() {
            visit(block)
            // A list right under a heading may be a related-skills list in any language; the graph,
            // which knows the skill names, decides by the list's shape.
            if case .list(let list) = block, index > 0, case .heading(let heading) = blocks[index - 1], relatedSkillsLevel == nil {
                addHeadedList(list, under: heading)
            }
        }
    }

    private mutating func addHeadedList(_ list: ListBlock, under heading: Heading) {
        // A list of related skills is short; a long list under a heading is something else.
        guard list.items.count <= Self.longestRelatedList else { return }
        var items: [RelatedSkillItem] = []
        for item in list.items {
            let inlines = Array(item.blocks.compactMap { block -> [Inline]? in
                if case .paragraph(let paragraph) = block { return paragraph.inlines }
                return nil
            }.joined(separator: [.softBreak]))
            if let (name, form) = Self.skillName(in: inlines) {
                items.append(RelatedSkillItem(name: name, text: inlines.plainText, location: item.location, form: form))
            }
        }
        headedLists.append(HeadedList(heading: heading.text, location: heading.location, itemCount: list.items.count, items: items))
    }

    private mutating func visit(_ block: Block) {
        switch block {
        case .heading(let heading):
            headings.append(heading)
            headingStack.removeAll { $0.level >= heading.level }
            headingStack.append(heading)
            if let level = relatedSkillsLevel, heading.level <= level { relatedSkillsLevel = nil }
            if Self.isRelatedSkillsHeading(heading.text) { relatedSkillsLevel = heading.level }
            visit(heading.inlines, at: heading.location)
        case .paragraph(let paragraph):
            visit(paragraph.inlines, at: paragraph.location)
            if case .strong = paragraph.inlines.first {
                addRule(.boldParagraph, paragraph.inlines, at: paragraph.location)
            }
        case .list(let list):
            for item in list.items { visit(item) }
        case .codeBlock(let code):
            codeBlocks.append(code)
        case .table(let table):
            tables.append(table)
            for cell in table.header + table.rows.joined() { visit(cell.inlines, at: table.location) }
        case .blockQuote(let quote):
            visit(quote.blocks)
        case .thematicBreak:
            break
        case .htmlBlock(let block):
            html.append(HTMLFragment(html: block.html, location: block.location))
        }
    }

    private mutating func visit(_ item: ListItem) {
        // The item's own text: its paragraphs, not its nested lists.
        let own = item.blocks.compactMap { block -> [Inline]? in
            if case .paragraph(let paragraph) = block { return paragraph.inlines }
            return nil
        }
        let inlines = Array(own.joined(separator: [.softBreak]))
        if !inlines.isEmpty {
            addRule(.listItem, inlines, at: item.location)
            if relatedSkillsLevel != nil, let (name, form) = Self.skillName(in: inlines) {
                relatedSkillItems.append(RelatedSkillItem(name: name, text: inlines.plainText, location: item.location,
                                                          form: form))
            }
        }
        for block in item.blocks {
            if case .paragraph(let paragraph) = block {
                visit(paragraph.inlines, at: paragraph.location)  // collect links and code without adding a bold-paragraph rule
            } else {
                visit(block)
            }
        }
    }

    private mutating func visit(_ inlines: [Inline], at location: SourceLocation) {
        for inline in inlines {
            switch inline {
            case .code(let span): codeSpans.append(span)
            case .link(let link): links.append(link); visit(link.children, at: location)
            case .image(let image): images.append(image)
            case .html(let text):
                html.append(HTMLFragment(html: text, location: location))
            case .emphasis(let children), .strong(let children), .strikethrough(let children): visit(children, at: location)
            case .text, .softBreak, .lineBreak: break
            }
        }
    }

    private mutating func addRule(_ kind: Rule.Kind, _ inlines: [Inline], at location: SourceLocation) {
        let text = inlines.plainText.collapsingWhitespace
        guard !text.isEmpty else { return }
        rules.append(Rule(kind: kind, text: text, inlines: inlines, headingPath: headingStack.map(\.text),
                          location: location))
    }

    /// What ends the name at the start of a plain-text item: `:`, `—`, `–`, `(` or `,`.
    static func isNameSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ":", "—", "–", "(", ",": true
        default: false
        }
    }

    /// Lists under a heading with more items than this are not read as related-skills lists by shape.
    static let longestRelatedList = 40

    /// "Related skills", "Related Skills:", "## related skills" ...
    static func isRelatedSkillsHeading(_ text: String) -> Bool {
        guard text.utf8.count <= 40 else { return false }  // most headings are longer; skip the work
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (nearly every heading): the same words, read without building strings, and
            // nothing built at all unless the first letter is an `r`.
            guard let first = text.utf8.first(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }),
                  first | 0x20 == UInt8(ascii: "r") else { return false }
            var words: [[UInt8]] = [[]]
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): words[words.count - 1].append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): words[words.count - 1].append(byte + 32)
                default: if !words[words.count - 1].isEmpty { words.append([]) }
                }
            }
            if words.last?.isEmpty == true { words.removeLast() }
            return words == [Array("related".utf8), Array("skills".utf8)] || words == [Array("related".utf8), Array("skill".utf8)]
        }
        return isRelatedSkillsHeadingByCharacters(text)
    }

    /// The same by Unicode's letters and lower case, for any text (the ASCII path must agree with it).
    static func isRelatedSkillsHeadingByCharacters(_ text: String) -> Bool {
        let words = text.lowercased().split { !$0.isLetter }
        return words == ["related", "skills"] || words == ["related", "skill"]
    }

    /// The skill name an item of a "Related skills" list gives.
    static func skillName(in inlines: [Inline]) -> (String, RelatedSkillItem.Form)? {
        for inline in inlines {
            switch inline {
            case .code(let span): return (span.code.trimmingWhitespace, .code)
            case .strong(let children): return (children.plainText.trimmingWhitespace, .strong)
            case .link(let link):
                let target = link.destination.split(separator: "#").first.map(String.init) ?? ""
                let parts = target.split(separator: "/").map(String.init)
                if parts.last == "SKILL.md", parts.count >= 2 { return (parts[parts.count - 2], .link(link.destination)) }
                return (link.children.plainText.trimmingWhitespace, .link(link.destination))
            case .text(let text):
                // Only the head of the text is read, up to a separator (`:`, `—`, `–`, `(`, `,`,
                // ` - `) and at most 64 scalars: items can be long paragraphs, and a name is short.
                // The head is kept as UTF-8 bytes, its length in scalars counted aside: appending
                // to a scalar view and asking its count made this most of the indexing time.
                var head: [UInt8] = []
                var length = 0
                var started = false
                for scalar in text.unicodeScalars {
                    if !started, scalar == " " || scalar == "\t" { continue }
                    started = true
                    if isNameSeparator(scalar) || length >= 64 { break }
                    // ` - ` ends the name: the last scalar is `-` and the one before it a space.
                    if scalar == " ", head.last == UInt8(ascii: "-"), head.count >= 2, head[head.count - 2] == UInt8(ascii: " ") {
                        head.removeLast(2)
                        break
                    }
                    if scalar.isASCII { head.append(UInt8(scalar.value)) } else { head.append(contentsOf: scalar.utf8) }
                    length += 1
                }
                if !started { continue }
                let name = String(decoding: head, as: UTF8.self).trimmingWhitespace
                return name.isEmpty ? nil : (name, .text)
            default:
                continue
            }
        }
        return nil
    }
}

extension Unicode.Scalar {
    /// Whitespace, with a fast path for ASCII: rule texts are mostly ASCII and this runs per scalar.
    public var isWhitespaceScalar: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return properties.isWhitespace
    }
}

extension StringProtocol {
    /// Runs of whitespace as one space, none at either end.
    public var collapsingWhitespace: String {
        utf8.withContiguousStorageIfAvailable(Self.collapsingWhitespace(utf8:)) ?? collapsingRuns { $0.isWhitespaceScalar }
    }

    /// The same, read from valid UTF-8 byte by byte: every rule of a collection passes through
    /// here, and decoding each scalar to ask whether it is whitespace was most of indexing.
    /// Beyond ASCII, only scalars whose UTF-8 starts with C2, E1, E2 or E3 can be whitespace
    /// (U+0085, U+00A0, U+1680, U+2000...U+205F, U+3000); only those are decoded and asked.
    static func collapsingWhitespace(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let end = Swift.min(index + length, bytes.count)
            let isSpace: Bool
            switch lead {
            case 0x20, 0x09...0x0D: isSpace = true
            case 0xC2, 0xE1, 0xE2, 0xE3:
                var scalar = UInt32(lead) & (length == 2 ? 0x1F : 0x0F)
                for next in (index + 1)..<end { scalar = scalar << 6 | UInt32(bytes[next] & 0x3F) }
                isSpace = Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
            default: isSpace = false
            }
            if isSpace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
            }
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Runs of scalars for which `isSeparator` holds as one space, none at either end.
    public func collapsingRuns(where isSeparator: (Unicode.Scalar) -> Bool) -> String {
        // Collected as UTF-8 bytes: appending scalars to a string view one by one was most of the cost.
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        var pendingSpace = false
        for scalar in unicodeScalars {
            if isSeparator(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                if scalar.isASCII { result.append(UInt8(scalar.value)) } else { result.append(contentsOf: scalar.utf8) }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    public var trimmingWhitespace: String {
        let scalars = unicodeScalars
        // Most texts have nothing to trim: their ends say so without copying scalar by scalar.
        if let first = scalars.first, let last = scalars.last, !first.isWhitespaceScalar, !last.isWhitespaceScalar {
            return String(self)
        }
        guard let start = scalars.firstIndex(where: { !$0.isWhitespaceScalar }),
              let end = scalars.lastIndex(where: { !$0.isWhitespaceScalar })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}
