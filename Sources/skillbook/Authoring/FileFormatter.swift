import SkillParser

/// What `skillbook fmt` does to one Markdown file: line endings to LF, no byte order mark, a
/// final newline, and in the frontmatter the spec's key order (SKILL.md only), quoted values
/// written the one way `YAMLScalar` writes them, and plain `---` fences.
///
/// It moves whole lines, so comments go with the key they sit above, and it never invents a
/// value: it only unquotes or requotes a value whose parsed text it knows. The result is parsed
/// again and compared with the original; when any parsed value differs, or the frontmatter has
/// problems of its own, the file is left alone with a note.
struct FileFormatter {
    /// The order the Agent Skills specification lists its fields in; other keys follow in the
    /// order written.
    static let specOrder = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"]

    enum Outcome: Equatable {
        case unchanged
        /// The new text and what changed, in words.
        case changed(String, [String])
        /// Why the file is left as it is.
        case leftAlone(String, line: Int)
    }

    let path: String
    let isSkillFile: Bool

    /// The outcome, and a note when the keys kept their order because moving them would change a value.
    func format(_ original: String) -> (outcome: Outcome, note: String?) {
        var keptOrder: String?
        let outcome = format(original, keptOrder: &keptOrder)
        return (outcome, keptOrder)
    }

    private func format(_ original: String, keptOrder: inout String?) -> Outcome {
        var changes: [String] = []
        var text = original
        if text.unicodeScalars.first == "\u{FEFF}" {
            text = String(text.unicodeScalars.dropFirst())
            changes.append("byte order mark removed")
        }
        if text.utf8.contains(UInt8(ascii: "\r")) {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            changes.append("line endings to LF")
        }
        // Split on bytes: splitting by Character would walk grapheme boundaries through the file.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(Substring($0)) }
        if lines.last == "" { lines.removeLast() } else if !text.isEmpty { changes.append("final newline added") }

        let (frontmatter, problems) = Frontmatter.read(text, path: path)
        if let frontmatter {
            if let problem = problems.first(where: { Self.blockingCodes.contains($0.code) }) {
                return .leftAlone("the frontmatter has a problem to fix first (\(problem.code)): \(problem.message)",
                                  line: problem.location.line)
            }
            guard let closing = frontmatter.closingLine else {
                return .leftAlone("the frontmatter is never closed", line: frontmatter.openingLine)
            }
            // Reordering can change a value: a block scalar (`>`) that ends the frontmatter has no
            // final line break, and gains one when another key follows it. Then keep the order.
            var attempt = lines
            var frontmatterChanges: [String] = []
            var reason: String?
            var firstReason: String?
            for reorder in isSkillFile ? [true, false] : [false] {
                attempt = lines
                switch formatFrontmatter(lines: &attempt, closingIndex: closing - 1, entries: frontmatter.entries, reorder: reorder) {
                case .success(let found):
                    if let difference = Self.difference(from: frontmatter, to: attempt, path: path) {
                        reason = "formatting would change \(difference)"
                        firstReason = firstReason ?? difference
                        continue
                    }
                    frontmatterChanges = found
                    reason = nil
                case .failure(let refusal):
                    return .leftAlone(refusal.message, line: refusal.line)
                }
                break
            }
            if let reason { return .leftAlone(reason + "; formatted nothing", line: frontmatter.openingLine) }
            if let moved = firstReason, isSkillFile, !frontmatterChanges.contains(where: { $0.hasPrefix("keys in") }) {
                keptOrder = "keys kept in their order: moving them would change \(moved)"
            }
            lines = attempt
            changes += frontmatterChanges
        }
        guard !changes.isEmpty else { return .unchanged }
        return .changed(lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n", changes)
    }

    /// Problems after which the frontmatter's lines cannot be trusted to match its entries.
    static let blockingCodes: Set<String> = [
        "unterminated-frontmatter", "frontmatter-accidental-close", "invalid-yaml", "frontmatter-not-mapping", "duplicate-key",
    ]

    struct Refusal: Error {
        var message: String
        var line: Int
    }

    /// Rewrites `lines[0...closingIndex]` in place; returns what changed.
    private func formatFrontmatter(lines: inout [String], closingIndex: Int, entries: [YAMLEntry],
                                   reorder: Bool) -> Result<[String], Refusal> {
        var changes: [String] = []
        if lines[0] != "---" || lines[closingIndex] != "---" {
            lines[0] = "---"
            lines[closingIndex] = "---"
            changes.append("frontmatter fences written as `---`")
        }
        var blocks = FrontmatterBlocks(lines: Array(lines[1..<closingIndex]))
        guard blocks.keyed.count == entries.count else {
            return .failure(Refusal(message: "the frontmatter's top-level lines do not match its keys one to one; kept as written",
                                    line: 1))
        }
        for (index, entry) in entries.enumerated() {
            if let requoted = blocks.requote(index, value: entry.value) {
                changes.append("`\(entry.key)` written \(requoted)")
            }
        }
        if reorder {
            let keys = entries.map(\.key)
            let order = keys.indices.sorted { a, b in
                let rankA = Self.specOrder.firstIndex(of: keys[a]) ?? Self.specOrder.count
                let rankB = Self.specOrder.firstIndex(of: keys[b]) ?? Self.specOrder.count
                return (rankA, a) < (rankB, b)
            }
            if order != Array(keys.indices) {
                blocks.reorder(order)
                changes.append("keys in the specification's order (\(order.map { keys[$0] }.joined(separator: ", ")))")
            }
        }
        lines.replaceSubrange(1..<closingIndex, with: blocks.joinedLines)
        return .success(changes)
    }

    /// What differs between the original frontmatter and the one of the formatted lines, in
    /// words, or `nil`. The body's lines are never touched, so the frontmatter must end on the
    /// same line for the Markdown to read the same.
    static func difference(from original: Frontmatter, to lines: [String], path: String) -> String? {
        // Only the frontmatter's lines: the body after them is the original's, line for line.
        let head = lines.prefix(original.closingLine ?? lines.count)
        let (reread, problems) = Frontmatter.read(head.joined(separator: "\n") + "\n", path: path)
        guard let reread, !problems.contains(where: { blockingCodes.contains($0.code) }),
              reread.closingLine == original.closingLine else { return "where the frontmatter ends" }
        let before = original.entries.map { ($0.key, canonical($0.value)) }.sorted { $0.0 < $1.0 }
        let after = reread.entries.map { ($0.key, canonical($0.value)) }.sorted { $0.0 < $1.0 }
        if before.map(\.0) != after.map(\.0) { return "the frontmatter's keys" }
        for (old, new) in zip(before, after) where old.1 != new.1 { return "the value of `\(old.0)`" }
        return nil
    }

    /// A value without source locations, to compare parses of two versions of a file.
    static func canonical(_ value: YAMLValue) -> String {
        switch value {
        case .null: "~"
        case .string(let text): "s" + String(text.utf8.count) + ":" + text
        case .list(let items): "[" + items.map(canonical).joined(separator: ",") + "]"
        case .map(let entries): "{" + entries.map { canonical(.string($0.key)) + "=" + canonical($0.value) }.joined(separator: ",") + "}"
        }
    }
}
