/// Walks a parsed template once, writing UTF-8 bytes into one buffer.
struct MustacheRenderer {
    /// Deeper partial nesting renders nothing, so a partial that includes itself unconditionally cannot crash.
    static let maximumPartialDepth = 100

    private(set) var output: [UInt8] = []
    private var context: MustacheContext
    private let partial: (String) -> MustacheTemplate?
    private var partialDepth = 0

    init(context: MustacheContext, partial: @escaping (String) -> MustacheTemplate?, capacity: Int = 0) {
        self.context = context
        self.partial = partial
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
                guard let value = context.lookup(path) else { continue }
                let text = value.interpolatedText
                escaped ? output.appendHTMLEscaped(text) : output.appendUTF8(text)
            case let .section(path, children):
                let value = context.lookup(path) ?? .null
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
                if !(context.lookup(path) ?? .null).isTruthy {
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
