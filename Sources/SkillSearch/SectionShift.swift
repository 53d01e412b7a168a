/// Where a patched rebuild's kept sections move (`SearchIndexBuilder.patched`): a document that
/// gains or loses sections, or that comes or goes, renumbers the sections of every document
/// after it. Each run of sections of the last build that moves by the same amount is one
/// step: the section numbers of the last build where runs begin, ascending, and how far each
/// run moves. Sections of documents that are gone are never asked for (their postings go).
struct SectionShift: Sendable {
    private var starts: [Int] = []
    private var deltas: [Int] = []

    /// The shift of the kept documents' sections, each given as the section of the last build
    /// it began at and how far it moves, in the last build's order.
    init(_ documents: [(start: Int, delta: Int)]) {
        for (start, delta) in documents where deltas.last != delta {
            starts.append(start)
            deltas.append(delta)
        }
    }

    /// Whether no section moves.
    var isIdentity: Bool { deltas.allSatisfy { $0 == 0 } }

    /// The first section of the last build that moves, if one does.
    var firstMoved: Int? {
        deltas.firstIndex { $0 != 0 }.map { starts[$0] }
    }

    /// Section `section` of the last build, numbered as in this one.
    func callAsFunction(_ section: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= section { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? section : section + deltas[low - 1]
    }

    /// `postings` (sorted by section) numbered as in this build, or `nil` when none moves.
    func moved(_ postings: [Posting]) -> [Posting]? {
        guard let first = firstMoved, let last = postings.last, last.section >= first else { return nil }
        var result = postings
        var moved = false
        for position in result.indices {
            let section = result[position].section
            guard section >= first else { continue }
            let new = self(section)
            if new != section {
                result[position].section = new
                moved = true
            }
        }
        return moved ? result : nil
    }
}
