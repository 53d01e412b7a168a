import Foundation

/// Each document's resolved references by destination as written, for renderers that meet a link
/// in the tree (`SkillGraph.resolution(of:in:)`). A document's table is made when first asked
/// for: a rebuild renders a few pages, and making a table for each of the collection's documents
/// up front was a tenth of resolving them.
final class ResolutionTable: @unchecked Sendable {
    private let references: [[LinkReference]]
    private let lock = NSLock()
    private var made: [Int: [String: LinkResolution]] = [:]

    /// `references` in the graph's order of documents.
    init(_ references: [[LinkReference]]) {
        self.references = references
    }

    /// Where `destination` leads in the document at `index`; `nil` when the document holds no such reference.
    func resolution(of destination: String, in index: Int) -> LinkResolution? {
        guard index < references.count else { return nil }
        if let table = lock.withLock({ made[index] }) { return table[destination] }
        let table = Dictionary(references[index].map { ($0.destination, $0.resolution) }, uniquingKeysWith: { first, _ in first })
        lock.withLock { made[index] = table }
        return table[destination]
    }
}
