import Foundation

/// A document's block tree and the indexes that hold parts of it again (code blocks, tables),
/// made when first read. A parse makes it at once; the parse cache gives one that decodes its
/// record on first use: a rebuild takes most documents from the cache and reads the trees of the
/// few pages it renders, while the graph, the checks and the plan read the indexes that are
/// decoded with the document (headings, links, images, code spans, raw HTML). Decoding
/// every tree was two thirds of decoding the cache (perf, agentic-awesome-skills: 141 of 238 ms
/// CPU, before the malloc and page faults of holding the trees).
///
/// A value type's storage in all but name: it is never changed once made, only filled in, under
/// its lock, so documents that share it stay equal.
final class MarkdownTree: Hashable, @unchecked Sendable {
    struct Parts: Hashable, Sendable {
        var blocks: [Block]
        var codeBlocks: [CodeBlock]
        var tables: [Table]
    }

    /// How many top-level blocks the tree has, known without decoding it.
    let blockCount: Int
    private let lock = NSLock()
    private var made: Parts?
    private var make: (@Sendable () -> Parts)?

    init(_ parts: Parts) {
        blockCount = parts.blocks.count
        made = parts
    }

    /// A tree that `make` gives when first read; `make` must give `blockCount` blocks.
    init(blockCount: Int, make: @escaping @Sendable () -> Parts) {
        self.blockCount = blockCount
        self.make = make
    }

    var parts: Parts {
        lock.withLock {
            if let made { return made }
            let parts = make?() ?? Parts(blocks: [], codeBlocks: [], tables: [])
            made = parts
            make = nil
            return parts
        }
    }

    /// Whether the tree has been made (decoded) yet.
    var isMade: Bool { lock.withLock { made != nil } }

    static func == (lhs: MarkdownTree, rhs: MarkdownTree) -> Bool {
        lhs === rhs || lhs.parts == rhs.parts
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(parts)
    }
}
