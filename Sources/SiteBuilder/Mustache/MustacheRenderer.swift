/// Walks a parsed template once, writing UTF-8 bytes into one buffer.
struct MustacheRenderer {
    /// Deeper partial nesting renders nothing, so a partial that includes itself unconditionally cannot crash.
    static let maximumPartialDepth = 100

    private(set) var output: [UInt8] = []
    private var context: MustacheContext
    private let partial: (String) -> MustacheTemplate?
    private var partialDepth = 0
    /// The template written where this one reads its name, and how deep the stack was when this
    /// one began (sections push their values above that).
    private var embedding: MustacheEmbedding?
    private let embeddingDepth: Int
    /// The embedded template's text, made the first time a tag reads it other than as `{{{name}}}`.
    private var embeddedText: MustacheValue?

    init(context: MustacheContext, partial: @escaping (String) -> MustacheTemplate?, capacity: Int = 0,
         embedding: MustacheEmbedding? = nil) {
        self.context = context
        self.partial = partial
        self.embedding = embedding
        embeddingDepth = context.depth
        output.reserveCapacity(capacity)
    }

    mutating func render(_ nodes: [MustacheNode], indentation: [UInt8]) {
        for node in nodes {
            switch node {
            case let .text(text, lineStarts):
                if indentation.isEmpty || lineStarts.isEmpty {
                    output.append(contentsOf: text)
                } else {
                    appendIndented(text, lineStarts: lineStarts, indentation: indentation)
                }
            case .lineStart:
                output.append(contentsOf: indentation)
            case let .variable(path, escaped):
                if !escaped, path.count == 1, isEmbedded(path) {
                    renderEmbedded()
                    continue
                }
                guard let value = lookup(path) else { continue }
                let text = value.interpolatedText
                escaped ? output.appendHTMLEscaped(text) : output.appendUTF8(text)
            case let .section(path, children):
                let value = lookup(path) ?? .null
                if case .list(let items) = value {
                    for item in items {
                        context.push(item)
                        render(children, indentation: indentation)
                        context.pop()
                    }
                } else if value.isTruthy {
                    context.push(value)
                    render(children, indentation: indentation)
                    context.pop()
                }
            case let .invertedSection(path, children):
                if !(lookup(path) ?? .null).isTruthy {
                    render(children, indentation: indentation)
                }
            case let .partial(name, partialIndentation):
                guard partialDepth < Self.maximumPartialDepth, let template = partial(name) else { continue }
                partialDepth += 1
                // A standalone partial's lines take its tag's indentation on top of the current one;
                // an inline partial's lines are not indented.
                render(template.nodes, indentation: partialIndentation.isEmpty ? [] : indentation + partialIndentation)
                partialDepth -= 1
            }
        }
    }

    /// The value of `path`: the embedded template's text for its name, else from the context.
    private mutating func lookup(_ path: [MustacheName]) -> MustacheValue? {
        guard isEmbedded(path) else { return context.lookup(path) }
        return path.count == 1 ? embeddedValue() : nil
    }

    /// Whether `path` starts with the embedding's name, not hidden by a section's value.
    private func isEmbedded(_ path: [MustacheName]) -> Bool {
        guard let embedding, path[0] == embedding.name else { return false }
        return !context.hasMember(embedding.name, from: embeddingDepth)
    }

    /// Writes the embedded template here, rendered as it would be on its own.
    private mutating func renderEmbedded() {
        guard let embedding else { return }
        let outer = (context, partialDepth)
        self.embedding = nil
        (context, partialDepth) = (embedding.context, 0)
        render(embedding.template.nodes, indentation: [])
        (context, partialDepth) = outer
        self.embedding = embedding
    }

    private mutating func embeddedValue() -> MustacheValue {
        if let embeddedText { return embeddedText }
        guard let embedding else { return .null }
        var renderer = MustacheRenderer(context: embedding.context, partial: partial)
        renderer.render(embedding.template.nodes, indentation: [])
        let text = MustacheValue.string(String(decoding: renderer.output, as: UTF8.self))
        embeddedText = text
        return text
    }

    private mutating func appendIndented(_ text: [UInt8], lineStarts: [Int], indentation: [UInt8]) {
        var pieceStart = 0
        for lineStart in lineStarts {
            output.append(contentsOf: text[pieceStart ..< lineStart])
            output.append(contentsOf: indentation)
            pieceStart = lineStart
        }
        output.append(contentsOf: text[pieceStart...])
    }
}
