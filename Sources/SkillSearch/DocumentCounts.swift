import SkillParser
/// What the index keeps of one document: its sections and, per section, its terms with their
/// field-weighted frequencies. It depends on that document alone (its source, path, kind and
/// skill), with its terms by text, so the build cache can keep it between builds and a rebuild
/// counts only the documents that changed (`SearchIndexCache`).
struct DocumentCounts: Sendable, Equatable {
    /// One term of one section. Frequencies are sums of field weights, all multiples of a half,
    /// kept doubled as integers (exact, and a third of the size of two `Double`s).
    struct Entry: Sendable, Equatable {
        /// By position in `terms`.
        var term: UInt32
        var shortTwice: UInt32
        var longTwice: UInt32
    }

    /// A written form of a term that stemming changed (`toggling` for `toggl`), and how often.
    /// The two numbers first, in 4 bytes each: 24 bytes a form instead of 32, for the half a
    /// million forms a full build of agentic-awesome-skills holds until the index is assembled.
    struct Form: Sendable, Equatable {
        var term: UInt32
        var count: UInt32
        var surface: String

        init(term: UInt32, surface: String, count: UInt32) {
            self.term = term
            self.count = count
            self.surface = surface
        }
    }

    var sections: [SearchSection] = []
    var terms: [String] = []
    var entries: [Entry] = []
    /// The end in `entries` of each section's run.
    var sectionEnds: [Int] = []
    /// Each section's length: the number of terms of its long fields.
    var lengths: [Int] = []
    /// The few sections with a skill description: the description's length, by section, and its
    /// doubled weighted frequency, by entry (normalised apart: `SearchRanking.normalized`).
    var descriptionLengths: [Int: Int] = [:]
    var descriptionTwice: [Int: UInt32] = [:]
    /// How often each term was written as itself (4 bytes each: a document is at most 4 MiB).
    var ownForm: [UInt32] = []
    /// The other forms, in the order they were first met.
    var otherForms: [Form] = []

    /// The quantised BM25F weight of every entry.
    func weights(averageLength: Double, averageDescription: Double, into weights: inout [UInt8]) {
        var entry = 0
        // Most documents have no description: their sections and counts are not looked up
        // (hashed) one by one in empty dictionaries.
        let described = !descriptionLengths.isEmpty || !descriptionTwice.isEmpty
        for (section, end) in sectionEnds.enumerated() {
            let length = Double(lengths[section])
            let description = Double(described ? descriptionLengths[section] ?? 0 : 0)
            while entry < end {
                var short = Double(entries[entry].shortTwice) / 2
                if described, let twice = descriptionTwice[entry] {
                    short += SearchRanking.normalized(Double(twice) / 2, length: description, averageLength: averageDescription)
                }
                let weight = SearchRanking.termWeight(short: short, long: Double(entries[entry].longTwice) / 2,
                                                      length: length, averageLength: averageLength)
                weights.append(UInt8(SearchRanking.quantize(weight)))
                entry += 1
            }
        }
    }
}
