/// The leading `---` block of a Markdown file, read as YAML.
public struct Frontmatter: Hashable, Sendable {
    /// Every top-level key, in the order written.
    public var entries: [YAMLEntry]
    /// Line of the opening `---`.
    public var openingLine: Int
    /// Line of the closing `---`, or `nil` when the block was never closed and was ended by recovery.
    public var closingLine: Int?
    /// Last line that belongs to the block (the closing fence, or the last YAML line when recovered).
    public var lastLine: Int
    /// Where a flow-style list or map (`[a, b]`, `{author: me}`) opens: valid YAML that the
    /// reference validator's strictyaml rejects, so `--spec strict` does too.
    public var flowStyle: [SourceLocation] = []
}

/// A Markdown file split into frontmatter and body.
struct SplitSource {
    var frontmatter: Frontmatter?
    /// The lines the frontmatter takes (none without one): the Markdown parser reads as many
    /// blank lines before the body, so that the line numbers it reports are the file's own.
    var blankLines: Int = 0
    /// Where the Markdown body starts in the text, in UTF-8 bytes (the body is read in place).
    var bodyOffset: Int = 0
    var diagnostics: [Diagnostic]
}

/// Finds and reads the frontmatter block, recovering from the ways real files get it wrong.
enum FrontmatterSplitter {
    static func split(_ text: String, file: String) -> SplitSource {
        guard text.utf8.starts(with: "---".utf8) else {
            return SplitSource(frontmatter: nil, diagnostics: [])
        }
        var lines = Lines(text)
        guard let first = lines[0], isFence(first) else {
            return SplitSource(frontmatter: nil, diagnostics: [])
        }
        var diagnostics: [Diagnostic] = []
        var closing: Int?
        var index = 1
        while let line = lines[index] {
            if isFence(line) || line == "..." { closing = index; break }
            index += 1
        }
        var yamlEnd: Int  // index one past the last YAML line
        var closingIndex: Int?

        if let closing, !closesByAccident(lines, closing: closing) {
            yamlEnd = closing
            closingIndex = closing
        } else {
            yamlEnd = recoveryEnd(&lines)
            let opening = SourceLocation(file: file, line: 1)
            if let closing {
                diagnostics.append(Diagnostic(
                    .warning, code: "frontmatter-accidental-close",
                    "frontmatter opened here is closed by the `---` at line \(closing + 1), which looks like a horizontal or table rule; ended it at line \(yamlEnd) instead",
                    at: opening,
                    notes: [DiagnosticNote("this `---` is Markdown, not the end of the frontmatter",
                                           at: SourceLocation(file: file, line: closing + 1))],
                    suggestion: "add a closing `---` line after the last frontmatter key"))
            } else {
                diagnostics.append(Diagnostic(
                    .warning, code: "unterminated-frontmatter",
                    "frontmatter opened here is never closed; ended it at line \(yamlEnd)",
                    at: opening,
                    suggestion: "add a closing `---` line after the last frontmatter key"))
            }
        }

        let yamlText = lines.read[1..<yamlEnd].joined(separator: "\n")
        let read = YAMLReader.readMapping(yamlText, file: file, firstLine: 2)
        diagnostics += read.diagnostics
        let lastIndex = closingIndex ?? (yamlEnd - 1)
        let frontmatter = Frontmatter(
            entries: read.entries ?? [], openingLine: 1, closingLine: closingIndex.map { $0 + 1 },
            lastLine: lastIndex + 1, flowStyle: read.flowStyle)
        // The body starts on the line after the block; the block's lines are read as blank.
        let bodyStart = lines[lastIndex + 1]?.startIndex ?? text.utf8.endIndex
        return SplitSource(frontmatter: frontmatter, blankLines: lastIndex + 1,
                           bodyOffset: text.utf8.distance(from: text.utf8.startIndex, to: bodyStart), diagnostics: diagnostics)
    }

    private static func isFence(_ line: Substring) -> Bool {
        line.hasPrefix("---") && line.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// A Markdown heading line: `#`, up to six of them, then a space or the end of the line.
    static func isHeading(_ line: Substring) -> Bool {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return false }
        let rest = line.dropFirst(hashes)
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }

    private static func isBlank(_ line: Substring) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// A line that could be YAML inside a block: a key, a list item, a continuation, or a comment.
    private static func looksLikeYAML(_ line: Substring) -> Bool {
        if isBlank(line) || line.first == " " || line.first == "\t" || line.hasPrefix("- ") || line == "-" {
            return true
        }
        if line.hasPrefix("#") { return true }  // a YAML comment; headings were handled by the caller
        guard let colon = line.firstIndex(of: ":") else { return false }
        let key = line[..<colon]
        let after = line[line.index(after: colon)...]
        let keyIsPlain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || "_-. \"'".contains($0) }
        return keyIsPlain && (after.isEmpty || after.first == " ")
    }

    /// A `---` closes the block by accident when the lines before it stop looking like YAML:
    /// a blank line followed by a heading, prose, or a table.
    private static func closesByAccident(_ lines: Lines, closing: Int) -> Bool {
        var sawBlank = false
        for line in lines.read[1..<closing] {
            if isBlank(line) { sawBlank = true; continue }
            if isHeading(line) && sawBlank { return true }
            if sawBlank && !looksLikeYAML(line) { return true }
        }
        return false
    }

    /// Where an unclosed block ends: before its first blank line or Markdown heading.
    private static func recoveryEnd(_ lines: inout Lines) -> Int {
        var index = 1
        while let line = lines[index], !isBlank(line), !isHeading(line) {
            index += 1
        }
        return index
    }

    /// The lines of a file, split on bytes as far as they are asked for: the frontmatter is at
    /// the top, and splitting every file whole into lines was a tenth of loading. (A Substring
    /// made from a UTF-8 slice costs nothing, while splitting by Character would walk grapheme
    /// boundaries.) The lines are those of splitting on `\n` keeping empty ones.
    struct Lines {
        let text: String
        /// The lines split so far.
        private(set) var read: [Substring] = []
        /// Where the next line starts; `nil` once the last line was read.
        private var next: String.Index?

        init(_ text: String) {
            self.text = text
            next = text.utf8.startIndex
        }

        /// The line at `index` (from 0), or `nil` past the last one.
        subscript(index: Int) -> Substring? {
            mutating get {
                let utf8 = text.utf8
                while read.count <= index, let start = next {
                    if let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
                        read.append(Substring(utf8[start..<newline]))
                        next = utf8.index(after: newline)
                    } else {
                        read.append(Substring(utf8[start...]))
                        next = nil
                    }
                }
                return index < read.count ? read[index] : nil
            }
        }
    }
}
