import SkillParser
/// The statements of one run: an array a caller made, or the rules of a graph's documents read
/// where they are. A large collection has a hundred thousand rules, most of them unique; copying
/// each into a `RuleStatement` before comparing took a tenth of the step, so a graph's rules are
/// only turned into statements when they end up in a cluster.
///
/// A graph's rules are not even decoded until a step asks for their documents (`prepare`): a
/// rebuild normalises only the changed files' rules and describes only the clusters that changed,
/// and decoding every document's rules up front was a quarter of such a rebuild's dedupe step
/// (perf, agentic-awesome-skills, one rule appended: 113 of 424 ms CPU).
struct StatementSource {
    let count: Int
    /// Statement `i`'s inline content, which normalisation reads.
    let inlines: (Int) -> [Inline]
    /// Statement `i` with what a report shows about it.
    let statement: (Int) -> RuleStatement
    /// Statement `i`'s location, which orders statements.
    let location: (Int) -> SourceLocation
    /// The files the statements come from, each with the digest of its bytes when known (what
    /// the duplicate cache is keyed on) and the range of its statements, in order.
    var documents: [(digest: ContentHash?, statements: Range<Int>)] = []
    /// Each file's path (`SourceLocation.file` of its statements) and skill, for a graph's rules.
    var paths: [String] = []
    var skills: [String?] = []
    /// The file of statement `i` (an index of `documents`), without decoding its rules.
    let document: (Int) -> Int
    /// Decodes the rules of these files (indexes of `documents`) on all cores, so that the
    /// readers above find them decoded; the others are decoded when first read.
    let prepare: ([Int]) -> Void

    init(_ statements: [RuleStatement]) {
        count = statements.count
        inlines = { statements[$0].inlines }
        statement = { statements[$0] }
        location = { statements[$0].location }
        document = { _ in 0 }
        prepare = { _ in }
    }

    /// The rules of every document of `graph`, in document order.
    init(_ graph: SkillGraph) {
        let documents = graph.documents
        let skills = documents.map { graph.skill(of: $0)?.name }
        var places: [UInt64] = []
        var files: [(digest: ContentHash?, statements: Range<Int>)] = []
        for (index, document) in documents.enumerated() {
            let start = places.count
            for rule in 0..<document.markdown.ruleCount { places.append(UInt64(index) << 32 | UInt64(rule)) }
            files.append((document.markdown.sourceDigest, start..<places.count))
        }
        self.documents = files
        self.skills = skills
        paths = documents.map(\.path)
        count = places.count
        // Each document's rules, held apart: reaching them through `documents[i]` copied (retained
        // every field of) the whole document for each rule read, the most of normalising's retains.
        let rules = DecodedRules(documents.map(\.markdown))
        inlines = { rules[Int(places[$0] >> 32)][Int(places[$0] & 0xFFFF_FFFF)].inlines }
        statement = { index in
            let document = Int(places[index] >> 32)
            let rule = rules[document][Int(places[index] & 0xFFFF_FFFF)]
            return RuleStatement(skill: skills[document], location: rule.location, headingPath: rule.headingPath,
                                 text: rule.text, inlines: rule.inlines)
        }
        location = { rules[Int(places[$0] >> 32)][Int(places[$0] & 0xFFFF_FFFF)].location }
        document = { Int(places[$0] >> 32) }
        prepare = { rules.decode($0) }
    }
}

/// The documents' rules, decoded on demand: `decode` fills the table for a set of documents on
/// all cores, before anything reads them; a document not decoded that way is read through its
/// own (locked) lazy rules.
private final class DecodedRules: @unchecked Sendable {
    private let markdowns: [MarkdownDocument]
    private var decoded: [[Rule]?]

    init(_ markdowns: [MarkdownDocument]) {
        self.markdowns = markdowns
        decoded = [[Rule]?](repeating: nil, count: markdowns.count)
    }

    subscript(document: Int) -> [Rule] {
        decoded[document] ?? markdowns[document].rules
    }

    /// Not to be called while another thread reads.
    func decode(_ documents: [Int]) {
        let wanted = documents.filter { decoded[$0] == nil && markdowns[$0].ruleCount > 0 }
        let rules = Parallel.map(wanted.count, minimumChunk: 8) { markdowns[wanted[$0]].rules }
        for (document, rules) in zip(wanted, rules) { decoded[document] = rules }
    }
}
