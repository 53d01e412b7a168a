/// Splits a template into text and tags, following `{{=...=}}` delimiter changes and the spec's rule for
/// standalone tags: a section, inverted section, section end, comment, partial or delimiter tag that is alone
/// on its line (apart from spaces and tabs) removes that whole line from the output.
struct MustacheScanner {
    private let source: MustacheSource
    private var opener = Array("{{".utf8)
    private var closer = Array("}}".utf8)
    private var tokens: [MustacheToken] = []
    /// Start of the text not yet emitted (just after the previous tag, or after its line if it stood alone).
    private var textStart = 0
    /// A template line has begun and nothing of it has been emitted yet.
    private var lineIsPending = true

    init(_ source: MustacheSource) {
        self.source = source
    }

    static func scan(_ source: MustacheSource) throws(MustacheError) -> [MustacheToken] {
        var scanner = MustacheScanner(source)
        try scanner.run()
        return scanner.tokens
    }

    private mutating func run() throws(MustacheError) {
        while let tagStart = source.find(opener, from: textStart) {
            var (tag, tagEnd) = try readTag(at: tagStart)
            if tag.kind.canStandAlone, let line = standaloneLine(tagStart: tagStart, tagEnd: tagEnd) {
                emitText(upTo: line.start)
                tag.indentation = source.text(line.start ..< tagStart)
                textStart = line.next
            } else {
                emitText(upTo: tagStart)
                if lineIsPending {
                    tokens.append(.lineStart)
                    lineIsPending = false
                }
                textStart = tagEnd
            }
            if tag.kind == .setDelimiters { try changeDelimiters(tag) }
            tokens.append(.tag(tag))
        }
        emitText(upTo: source.count)
    }

    /// When the tag stands alone on its line: where that line begins and where the next one begins.
    private func standaloneLine(tagStart: Int, tagEnd: Int) -> (start: Int, next: Int)? {
        // Only spaces and tabs may precede the tag on its line, and no earlier tag (which ends at `textStart`).
        var lineStart = tagStart
        while lineStart > textStart, source.bytes[lineStart - 1].isMustacheSpace { lineStart -= 1 }
        guard lineStart == 0 || source.bytes[lineStart - 1] == UInt8(ascii: "\n") else { return nil }
        var index = tagEnd
        while index < source.count, source.bytes[index].isMustacheSpace { index += 1 }
        if index == source.count { return (lineStart, index) }
        if source.bytes[index] == UInt8(ascii: "\n") { return (lineStart, index + 1) }
        if source.bytes[index] == UInt8(ascii: "\r"), index + 1 < source.count,
           source.bytes[index + 1] == UInt8(ascii: "\n") { return (lineStart, index + 2) }
        return nil
    }

    /// Emits the text from `textStart` to `end`, noting where template lines begin inside it.
    private mutating func emitText(upTo end: Int) {
        guard textStart < end else { return }
        var lineStarts: [Int] = []
        if lineIsPending {
            lineStarts.append(0)
            lineIsPending = false
        }
        for index in textStart ..< end where source.bytes[index] == UInt8(ascii: "\n") {
            if index + 1 < end {
                lineStarts.append(index + 1 - textStart)
            } else if index + 1 < source.count {
                lineIsPending = true
            }
        }
        tokens.append(.text(source.text(textStart ..< end), lineStarts: lineStarts))
    }

    /// Reads the tag whose opening delimiter starts at `start`; returns it and the offset just after it.
    private func readTag(at start: Int) throws(MustacheError) -> (MustacheTag, Int) {
        let afterOpener = start + opener.count
        let sigil = afterOpener < source.count ? source.bytes[afterOpener] : 0
        var kind = MustacheTag.Kind.variable(escaped: true)
        var end = closer
        var contentStart = afterOpener + 1
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .variable(escaped: false)
            end = Array("}".utf8) + closer
        case UInt8(ascii: "="):
            kind = .setDelimiters
            end = Array("=".utf8) + closer
        case UInt8(ascii: "&"): kind = .variable(escaped: false)
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .sectionEnd
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        default: contentStart = afterOpener
        }
        guard let contentEnd = source.find(end, from: min(contentStart, source.count)) else {
            throw source.error(.unclosedTag(closer: String(decoding: end, as: UTF8.self)), at: start)
        }
        let content = source.text(contentStart ..< contentEnd)
        let name = kind == .comment ? "" : content.trimmingMustacheSpace()
        if name.isEmpty, kind != .comment, kind != .setDelimiters {
            throw source.error(.emptyTag, at: start)
        }
        return (MustacheTag(kind: kind, name: name, offset: start), contentEnd + end.count)
    }

    /// Applies `{{=open close=}}`; both delimiters must be non-empty and free of spaces and `=`.
    private mutating func changeDelimiters(_ tag: MustacheTag) throws(MustacheError) {
        let parts = tag.name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw source.error(.badDelimiters(tag.name), at: tag.offset)
        }
        opener = Array(parts[0].utf8)
        closer = Array(parts[1].utf8)
    }
}

extension String {
    /// Drops spaces, tabs and line breaks at both ends.
    func trimmingMustacheSpace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first ... last])
    }
}
