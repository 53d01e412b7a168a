import SkillParser

/// The lines between a frontmatter's fences, grouped by top-level key: each key line with the
/// indented lines that continue it, and the comments and blank lines written above it. Lines
/// after the last key (trailing comments) stay at the end.
struct FrontmatterBlocks {
    struct Block {
        /// Comments and blank lines above the key.
        var leading: [String]
        /// The key line and its continuation lines.
        var body: [String]
    }

    private(set) var keyed: [Block] = []
    private var trailing: [String] = []

    init(lines: [String]) {
        var pending: [String] = []
        for line in lines {
            if Self.startsKey(line) {
                keyed.append(Block(leading: pending, body: [line]))
                pending = []
            } else if Self.isCommentOrBlank(line) || keyed.isEmpty {
                pending.append(line)
            } else if pending.isEmpty {
                keyed[keyed.count - 1].body.append(line)
            } else {
                // An indented line after a blank or comment line still continues the key above.
                keyed[keyed.count - 1].body += pending + [line]
                pending = []
            }
        }
        trailing = pending
    }

    var joinedLines: [String] {
        keyed.flatMap { $0.leading + $0.body } + trailing
    }

    mutating func reorder(_ order: [Int]) {
        keyed = order.map { keyed[$0] }
    }

    /// Rewrites a one-line quoted string value as `YAMLScalar` writes it; returns how, or `nil`
    /// when the line is already so, spans several lines, or carries a comment.
    mutating func requote(_ index: Int, value: YAMLValue) -> String? {
        guard keyed[index].body.count == 1, case .string(let text) = value else { return nil }
        let line = keyed[index].body[0]
        guard let colon = Self.keyEnd(line) else { return nil }
        var rawValue = line[line.index(after: colon)...].drop { $0 == " " }
        while let last = rawValue.last, last == " " || last == "\t" { rawValue = rawValue.dropLast() }
        guard let quote = rawValue.first, quote == "\"" || quote == "'",
              Self.quotedScalarEnd(rawValue) == rawValue.endIndex else { return nil }
        let written = YAMLScalar.text(text)
        guard written != String(rawValue) else { return nil }
        keyed[index].body[0] = String(line[...colon]) + " " + written
        return YAMLScalar.isSafePlain(text) ? "without quotes" : "in double quotes"
    }

    /// A top-level key line: starts in column 0 with neither a comment, an indicator nor a
    /// document marker.
    static func startsKey(_ line: String) -> Bool {
        guard let first = line.first else { return false }
        return !" \t#-[{?%&*!|>@`".contains(first) && keyEnd(line) != nil
    }

    static func isCommentOrBlank(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.first == "#"
    }

    /// The `:` that ends the key of a line (`key: value`, `"quoted key": value`, `key:`).
    static func keyEnd(_ line: String) -> String.Index? {
        var index = line.startIndex
        if let quote = line.first, quote == "\"" || quote == "'" {
            guard let end = quotedScalarEnd(line[...]) else { return nil }
            index = end
        }
        while index < line.endIndex {
            if line[index] == ":" {
                let next = line.index(after: index)
                if next == line.endIndex || line[next] == " " || line[next] == "\t" { return index }
            }
            index = line.index(after: index)
        }
        return nil
    }

    /// One past the closing quote of the quoted scalar `text` starts with, honouring `\"` in
    /// double quotes and `''` in single quotes; `nil` when it does not close on this line.
    static func quotedScalarEnd(_ text: Substring) -> String.Index? {
        guard let quote = text.first else { return nil }
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if quote == "\"" && character == "\\" {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if character == quote {
                let next = text.index(after: index)
                if quote == "'" && next < text.endIndex && text[next] == "'" {
                    index = text.index(after: next)
                    continue
                }
                return next
            }
            index = text.index(after: index)
        }
        return nil
    }
}
