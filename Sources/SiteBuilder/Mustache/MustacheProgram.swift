/// A parsed template laid out flat for rendering: one list of operations holding no reference
/// counted values, their text in one byte buffer, their names in one list.
///
/// Why: rendering walked the node tree by copying each node out of its array, which retained
/// and released its payload (text, names, children), and both cores render pages from the same
/// templates at once, so those counts were written from two cores. In the render step's profile
/// (agentic-awesome-skills, `build --full`) retain and release were a third of the Mustache
/// samples. Walking plain values through buffer pointers retains nothing.
struct MustacheProgram: Sendable {
    /// One step; ranges index `bytes`, `lineStarts`, `names` or `partials`, and a section's
    /// `end` is the index of the operation after its children.
    enum Operation: Sendable {
        /// Literal text, and where template lines begin inside it (offsets into `bytes`).
        case text(Range<Int>, lineStarts: Range<Int>)
        /// A template line begins here, before a tag: a standalone partial's indentation goes here.
        case lineStart
        case variable(path: Range<Int>, escaped: Bool)
        case section(path: Range<Int>, end: Int)
        case invertedSection(path: Range<Int>, end: Int)
        /// A partial by name (`partials`), with the indentation of a standalone tag (`bytes`).
        case partial(name: Int, indentation: Range<Int>)
    }

    private(set) var operations: [Operation] = []
    private(set) var bytes: [UInt8] = []
    private(set) var lineStarts: [Int] = []
    private(set) var names: [MustacheName] = []
    private(set) var partials: [String] = []

    init(_ nodes: [MustacheNode]) {
        append(nodes)
    }

    private mutating func append(_ nodes: [MustacheNode]) {
        for node in nodes {
            switch node {
            case let .text(text, starts):
                let start = bytes.count
                bytes += text
                let firstStart = lineStarts.count
                lineStarts += starts.map { $0 + start }
                operations.append(.text(start ..< bytes.count, lineStarts: firstStart ..< lineStarts.count))
            case .lineStart:
                operations.append(.lineStart)
            case let .variable(path, escaped):
                operations.append(.variable(path: append(path), escaped: escaped))
            case let .section(path, children), let .invertedSection(path, children):
                let names = append(path)
                let position = operations.count
                operations.append(.lineStart)
                append(children)
                if case .section = node {
                    operations[position] = .section(path: names, end: operations.count)
                } else {
                    operations[position] = .invertedSection(path: names, end: operations.count)
                }
            case let .partial(name, indentation):
                let start = bytes.count
                bytes += indentation
                partials.append(name)
                operations.append(.partial(name: partials.count - 1, indentation: start ..< bytes.count))
            }
        }
    }

    private mutating func append(_ path: [MustacheName]) -> Range<Int> {
        let start = names.count
        names += path
        return start ..< names.count
    }

    /// The program as buffer pointers, valid inside `body`.
    func withBuffers<Result>(_ body: (Buffers) -> Result) -> Result {
        operations.withUnsafeBufferPointer { operations in
            bytes.withUnsafeBufferPointer { bytes in
                lineStarts.withUnsafeBufferPointer { lineStarts in
                    names.withUnsafeBufferPointer { names in
                        body(Buffers(operations: operations, bytes: bytes, lineStarts: lineStarts, names: names))
                    }
                }
            }
        }
    }

    /// What rendering reads, without the arrays' reference counts.
    struct Buffers {
        let operations: UnsafeBufferPointer<Operation>
        let bytes: UnsafeBufferPointer<UInt8>
        let lineStarts: UnsafeBufferPointer<Int>
        let names: UnsafeBufferPointer<MustacheName>
    }
}
