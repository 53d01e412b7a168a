import Foundation

/// A document's block tree and the indexes that hold parts of it again (code blocks, tables),
/// made when first read. A parse makes it at once; the parse cache gives one that decodes its
/// record on first use: a rebuild takes most documents from the cache and reads the trees of the
/// few pages it renders, while the graph, the checks and the plan read the indexes that are
/// decoded with the document (headings, links, images, code spans, raw HTML). Decoding
/// every tree was two thirds of decoding the cache (perf, agentic-awesome-skills: 141 of 238 ms
/// CPU, before the malloc and page faults of holding the trees).
///
typealias MarkdownTree = MadeOnFirstRead<MarkdownTreeParts>

struct MarkdownTreeParts: Hashable, Sendable {
    var blocks: [Block]
    var codeBlocks: [CodeBlock]
    var tables: [Table]
}

extension MadeOnFirstRead where Value == MarkdownTreeParts {
    convenience init(_ parts: MarkdownTreeParts) {
        self.init(made: parts, count: parts.blocks.count)
    }

    /// A tree that `make` gives when first read, under `lock`; `make` must give `blockCount` blocks.
    convenience init(blockCount: Int, lock: NSLock = NSLock(), make: @escaping @Sendable () -> MarkdownTreeParts) {
        self.init(count: blockCount, lock: lock, make: make)
    }

    /// How many top-level blocks the tree has, known without decoding it.
    var blockCount: Int { count }
    var parts: MarkdownTreeParts { value }
}
