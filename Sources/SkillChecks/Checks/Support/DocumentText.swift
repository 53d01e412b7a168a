import SkillParser
import SkillDuplicates
/// Everything a reader or an agent sees written in a document, as one string: prose, code
/// spans, code blocks, link destinations and raw HTML. Used to tell whether a document
/// mentions a file by name.
enum DocumentText {
    static func of(_ markdown: MarkdownDocument) -> String {
        var parts: [String] = []
        for block in markdown.blocks { collect(block, into: &parts) }
        return parts.joined(separator: "\n")
    }

    /// File names ending in `.md` written anywhere in `text`, as whole names: `rest-api.md` is
    /// `rest-api.md`, never `api.md`; a path yields its last part.
    static func markdownFileNames(in text: String) -> Set<String> {
        let bytes = Array(text.utf8)
        var names = Set<String>()
        var index = 0
        while index + 3 <= bytes.count {
            guard bytes[index] == UInt8(ascii: "."), bytes[index + 1] == UInt8(ascii: "m"), bytes[index + 2] == UInt8(ascii: "d")
            else { index += 1; continue }
            var start = index
            while start > 0, continuesName(bytes[start - 1]) { start -= 1 }
            if start < index { names.insert(String(decoding: bytes[start..<(index + 3)], as: UTF8.self)) }
            index += 3
        }
        return names
    }

    /// Characters that can be part of a file name as skills write them; anything else (`/`,
    /// space, backtick, bracket) ends it. Bytes of non-ASCII characters count as part of it.
    private static func continuesName(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ".")
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
