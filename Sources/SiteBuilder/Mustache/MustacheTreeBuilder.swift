/// Nests the scanner's flat tokens into sections, checking that every section is closed by its own name.
struct MustacheTreeBuilder {
    private struct OpenSection {
        var tag: MustacheTag
        var children: [MustacheNode] = []
    }

    static func build(_ tokens: [MustacheToken], source: MustacheSource) throws(MustacheError) -> [MustacheNode] {
        var root: [MustacheNode] = []
        var open: [OpenSection] = []

        func append(_ node: MustacheNode) {
            if open.isEmpty { appendMerging(node, to: &root) } else { appendMerging(node, to: &open[open.count - 1].children) }
        }

        for token in tokens {
            switch token {
            case let .text(text, lineStarts):
                append(.text(Array(text.utf8), lineStarts: lineStarts))
            case .lineStart:
                append(.lineStart)
            case .tag(let tag):
                switch tag.kind {
                case .variable(let escaped):
                    append(.variable(path: path(tag.name), escaped: escaped))
                case .section, .invertedSection:
                    open.append(OpenSection(tag: tag))
                case .sectionEnd:
                    guard let section = open.popLast() else {
                        throw source.error(.unopenedSectionEnd(tag.name), at: tag.offset)
                    }
                    guard section.tag.name == tag.name else {
                        let opened = source.location(of: section.tag.offset)
                        throw source.error(.mismatchedSectionEnd(expected: section.tag.name, found: tag.name,
                                                                 openedLine: opened.line, openedColumn: opened.column),
                                           at: tag.offset)
                    }
                    let name = path(section.tag.name)
                    append(section.tag.kind == .section
                        ? .section(path: name, children: section.children)
                        : .invertedSection(path: name, children: section.children))
                case .partial:
                    append(.partial(name: tag.name, indentation: Array(tag.indentation.utf8)))
                case .comment, .setDelimiters:
                    break
                }
            }
        }
        if let unclosed = open.last {
            throw source.error(.unclosedSection(unclosed.tag.name), at: unclosed.tag.offset)
        }
        return root
    }

    /// `a.b.c` → `["a", "b", "c"]`; the implicit iterator `.` stays whole.
    private static func path(_ name: String) -> [MustacheName] {
        name == "." ? [MustacheName(".")] : name.split(separator: ".", omittingEmptySubsequences: false).map { MustacheName(String($0)) }
    }

    /// Joins text that follows text (as around a comment), so rendering appends fewer pieces.
    private static func appendMerging(_ node: MustacheNode, to nodes: inout [MustacheNode]) {
        if case let .text(next, nextStarts) = node, case let .text(previous, previousStarts)? = nodes.last {
            let shift = previous.count
            nodes[nodes.count - 1] = .text(previous + next, lineStarts: previousStarts + nextStarts.map { $0 + shift })
        } else {
            nodes.append(node)
        }
    }
}
