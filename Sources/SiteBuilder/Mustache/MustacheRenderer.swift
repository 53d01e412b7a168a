/// Walks a template's program (`MustacheProgram`) once, writing UTF-8 bytes into one buffer.
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
    /// The embedding's name, kept apart so that checking a tag's name does not copy the embedding.
    private var embeddedName: MustacheName?
    private let embeddingDepth: Int
    /// The embedded template's text, made the first time a tag reads it other than as `{{{name}}}`.
    private var embeddedText: MustacheValue?

    init(context: MustacheContext, partial: @escaping (String) -> MustacheTemplate?, capacity: Int = 0,
         embedding: MustacheEmbedding? = nil) {
        self.context = context
        self.partial = partial
        self.embedding = embedding
        embeddedName = embedding?.name
        embeddingDepth = context.depth
        output.reserveCapacity(capacity)
    }

    mutating func render(_ program: MustacheProgram, indentation: [UInt8]) {
        program.withBuffers { code in
            run(code, operations: 0 ..< code.operations.count, partials: program.partials, indentation: indentation)
        }
    }

    private mutating func run(_ code: MustacheProgram.Buffers, operations: Range<Int>, partials: [String], indentation: [UInt8]) {
        var position = operations.lowerBound
        while position < operations.upperBound {
            let operation = code.operations[position]
            position += 1
            switch operation {
            case let .text(range, lineStarts):
                if indentation.isEmpty || lineStarts.isEmpty {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: code.bytes[range]))
                } else {
                    appendIndented(code, range, lineStarts: lineStarts, indentation: indentation)
                }
            case .lineStart:
                output.append(contentsOf: indentation)
            case let .variable(range, escaped):
                let path = UnsafeBufferPointer(rebasing: code.names[range])
                if !escaped, path.count == 1, isEmbedded(path) {
                    renderEmbedded()
                    continue
                }
                guard let value = lookup(path) else { continue }
                if case .utf8(let bytes) = value {
                    escaped ? output.appendHTMLEscaped(bytes) : output.append(contentsOf: bytes)
                    continue
                }
                let text = value.interpolatedText
                escaped ? output.appendHTMLEscaped(text) : output.appendUTF8(text)
            case let .section(range, end):
                let value = lookup(UnsafeBufferPointer(rebasing: code.names[range])) ?? .null
                if case .list(let items) = value {
                    for item in items {
                        context.push(item)
                        run(code, operations: position ..< end, partials: partials, indentation: indentation)
                        context.pop()
                    }
                } else if value.isTruthy {
                    context.push(value)
                    run(code, operations: position ..< end, partials: partials, indentation: indentation)
                    context.pop()
                }
                position = end
            case let .invertedSection(range, end):
                if !(lookup(UnsafeBufferPointer(rebasing: code.names[range])) ?? .null).isTruthy {
                    run(code, operations: position ..< end, partials: partials, indentation: indentation)
                }
                position = end
            case let .partial(name, partialIndentation):
                guard partialDepth < Self.maximumPartialDepth, let template = partial(partials[name]) else { continue }
                partialDepth += 1
                // A standalone partial's lines take its tag's indentation on top of the current one;
                // an inline partial's lines are not indented.
                render(template.program, indentation: partialIndentation.isEmpty ? [] : indentation + code.bytes[partialIndentation])
                partialDepth -= 1
            }
        }
    }

    /// The value of `path`: the embedded template's text for its name, else from the context.
    private mutating func lookup(_ path: UnsafeBufferPointer<MustacheName>) -> MustacheValue? {
        guard isEmbedded(path) else { return context.lookup(path) }
        return path.count == 1 ? embeddedValue() : nil
    }

    /// Whether `path` starts with the embedding's name, not hidden by a section's value.
    private func isEmbedded(_ path: UnsafeBufferPointer<MustacheName>) -> Bool {
        guard let embeddedName, path[0] == embeddedName else { return false }
        return !context.hasMember(embeddedName, from: embeddingDepth)
    }

    /// Writes the embedded template here, rendered as it would be on its own.
    private mutating func renderEmbedded() {
        guard let embedding else { return }
        let outer = (context, partialDepth)
        self.embedding = nil
        embeddedName = nil
        (context, partialDepth) = (embedding.context, 0)
        render(embedding.template.program, indentation: [])
        (context, partialDepth) = outer
        self.embedding = embedding
        embeddedName = embedding.name
    }

    private mutating func embeddedValue() -> MustacheValue {
        if let embeddedText { return embeddedText }
        guard let embedding else { return .null }
        var renderer = MustacheRenderer(context: embedding.context, partial: partial)
        renderer.render(embedding.template.program, indentation: [])
        let text = MustacheValue.string(String(decoding: renderer.output, as: UTF8.self))
        embeddedText = text
        return text
    }

    private mutating func appendIndented(_ code: MustacheProgram.Buffers, _ range: Range<Int>, lineStarts: Range<Int>,
                                         indentation: [UInt8]) {
        var pieceStart = range.lowerBound
        for lineStart in code.lineStarts[lineStarts] {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: code.bytes[pieceStart ..< lineStart]))
            output.append(contentsOf: indentation)
            pieceStart = lineStart
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: code.bytes[pieceStart ..< range.upperBound]))
    }
}
