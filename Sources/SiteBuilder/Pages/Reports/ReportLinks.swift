import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Links from the reports to the exact place a finding is about.
enum ReportLinks {
    /// The anchor on a document's page for a source location: `L<line>` before the block that
    /// holds the line, `Metadata` for a frontmatter line, `nil` for the top of the page (or when
    /// the file has no page).
    static func anchor(for location: SourceLocation, in graph: SkillGraph) -> String? {
        graph.document(at: location.file).flatMap { AnchorFacts($0).anchor(line: location.line) }
    }

    /// What the anchor of a place in one document depends on, read once for all its places.
    struct AnchorFacts {
        /// The frontmatter's last line, and whether it has fields.
        var frontmatter: (lastLine: Int, hasFields: Bool)?
        var hasBlocks: Bool

        init(_ document: Document) {
            frontmatter = document.markdown.frontmatter.map { ($0.lastLine, !$0.entries.isEmpty) }
            hasBlocks = document.markdown.blockCount != 0
        }

        /// `anchor(for:in:)` of a place on `line` of the document.
        func anchor(line: Int) -> String? {
            if let frontmatter, line <= frontmatter.lastLine { return frontmatter.hasFields ? "Metadata" : nil }
            return isLineAnchor(line: line) ? "L\(line)" : nil
        }

        /// Whether `anchor(line:)` is the line's own anchor (`L<line>`), without making it.
        func isLineAnchor(line: Int) -> Bool {
            if let frontmatter, line <= frontmatter.lastLine { return false }
            return hasBlocks
        }
    }

    /// The href of a place from the page at `origin`, or `nil` when the file has no page.
    static func href(for location: SourceLocation, site: SiteContext, from origin: PreparedTarget.From) -> String? {
        guard let target = site.documentPage(location.file) else { return nil }
        let url = target.url(from: origin)
        return anchor(for: location, in: site.graph).map { url + "#" + $0 } ?? url
    }

    /// `path:line:column` as shown.
    static func place(_ location: SourceLocation) -> String {
        "\(location.file):\(location.line):\(location.column)"
    }

    /// Message text escaped, with `backticked` parts shown as code.
    static func html(_ message: String) -> String {
        // An ASCII message (nearly all of them) is cut on its bytes, a third of the cost of a
        // diagnostic's values in the reports' pages; elsewhere a backtick followed by a combining
        // mark is one character, not a backtick, so other messages are cut by character.
        let parts: [Substring] = message.utf8.allSatisfy({ $0 < 0x80 })
            ? message.utf8.split(separator: UInt8(ascii: "`"), omittingEmptySubsequences: false).map { Substring($0) }
            : message.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return message.htmlEscaped }
        var html = ""
        for (index, part) in parts.enumerated() {
            let text = String(part).htmlEscaped
            // Odd parts sit between backticks; an unmatched last backtick stays literal.
            if index % 2 == 1, index < parts.count - 1 {
                html += "<code>\(text)</code>"
            } else {
                html += (index % 2 == 1 ? "`" : "") + text
            }
        }
        return html
    }
}
