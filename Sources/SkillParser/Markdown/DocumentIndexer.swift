import Foundation

/// Walks a document's blocks once and collects what the checks, the graph and the site use.
struct DocumentIndexer {
    var headings: [Heading] = []
    var links: [Link] = []
    var images: [Link] = []
    /// Positions in `links` of the links found inside another link's text.
    var linksInLinkText: [Int] = []
    var codeSpans: [CodeSpan] = []
    var codeBlocks: [CodeBlock] = []
    var tables: [Table] = []
    var html: [HTMLFragment] = []
    var rules: [Rule] = []
    var relatedSkillItems: [RelatedSkillItem] = []
    var headedLists: [HeadedList] = []

    /// Headings above the current block, outermost first.
    private var headingStack: [Heading] = []
    /// Their texts, made when a heading changes them and shared by the rules below it (one
    /// array per rule was an allocation per list item).
    private var headingPath: [String] = []
    /// Level of the "Related skills" heading whose section we are in, if any.
    private var relatedSkillsLevel: Int?
    /// How many links' texts the inlines being visited are inside.
    private var linkDepth = 0

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
            let inlines = Self.ownInlines(of: item)
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
            headingPath = headingStack.map(\.text)
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

    /// An item's own text: its paragraphs joined by soft breaks, not its nested lists. The
    /// inlines of an item with one paragraph (most items) are shared, not copied.
    static func ownInlines(of item: ListItem) -> [Inline] {
        var paragraphs = 0
        var first: [Inline] = []
        for case .paragraph(let paragraph) in item.blocks {
            if paragraphs == 0 { first = paragraph.inlines }
            paragraphs += 1
        }
        guard paragraphs > 1 else { return first }
        return Array(item.blocks.compactMap { block -> [Inline]? in
            if case .paragraph(let paragraph) = block { return paragraph.inlines }
            return nil
        }.joined(separator: [.softBreak]))
    }

    private mutating func visit(_ item: ListItem) {
        let inlines = Self.ownInlines(of: item)
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
            case .link(let link):
                if linkDepth > 0 { linksInLinkText.append(links.count) }
                links.append(link)
                linkDepth += 1
                visit(link.children, at: location)
                linkDepth -= 1
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
        rules.append(Rule(kind: kind, text: text, inlines: inlines, headingPath: headingPath,
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
        // Unicode's lower-casing makes an ASCII letter of a scalar outside ASCII only for `k` (KELVIN
        // SIGN) and `i` (from `İ`), and "related" has neither: without its seven bytes in some case,
        // the heading is not one. (Headings with an emoji took 26 ms of a check of
        // agentic-awesome-skills in `lowercased` and `isLetter`, perf.)
        guard Self.holdsRelated(text.utf8) else { return false }
        return isRelatedSkillsHeadingByCharacters(text)
    }

    /// Whether `bytes` hold `related` in any ASCII letter case.
    private static func holdsRelated(_ bytes: String.UTF8View) -> Bool {
        let word = Array("related".utf8)
        var matched = 0
        for byte in bytes {
            if byte | 0x20 == word[matched] {
                matched += 1
                if matched == word.count { return true }
            } else {
                matched = byte | 0x20 == word[0] ? 1 : 0
            }
        }
        return false
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

extension DocumentIndexer {
    /// Every document keeps its indexes for the whole build: without the room their growth left.
    mutating func dropSpareCapacity() {
        headings.dropSpareCapacity()
        links.dropSpareCapacity()
        images.dropSpareCapacity()
        linksInLinkText.dropSpareCapacity()
        codeSpans.dropSpareCapacity()
        codeBlocks.dropSpareCapacity()
        tables.dropSpareCapacity()
        html.dropSpareCapacity()
        rules.dropSpareCapacity()
        relatedSkillItems.dropSpareCapacity()
        headedLists.dropSpareCapacity()
    }
}
