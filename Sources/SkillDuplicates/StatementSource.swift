import SkillParser
/// The statements of one run: an array a caller made, or the rules of a graph's documents read
/// where they are. A large collection has a hundred thousand rules, most of them unique; copying
/// each into a `RuleStatement` before comparing took a tenth of the step, so a graph's rules are
/// only turned into statements when they end up in a cluster.
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

    init(_ statements: [RuleStatement]) {
        count = statements.count
        inlines = { statements[$0].inlines }
        statement = { statements[$0] }
        location = { statements[$0].location }
    }

    /// The rules of every document of `graph`, in document order.
    init(_ graph: SkillGraph) {
        let documents = graph.documents
        let skills = documents.map { graph.skill(of: $0)?.name }
        var places: [UInt64] = []
        var files: [(digest: ContentHash?, statements: Range<Int>)] = []
        for (index, document) in documents.enumerated() {
            let start = places.count
            for rule in document.markdown.rules.indices { places.append(UInt64(index) << 32 | UInt64(rule)) }
            files.append((document.markdown.sourceDigest, start..<places.count))
        }
        self.documents = files
        count = places.count
        // Each document's rules, held apart: reaching them through `documents[i]` copied (retained
        // every field of) the whole document for each rule read, the most of normalising's retains.
        let rules = documents.map(\.markdown.rules)
        inlines = { rules[Int(places[$0] >> 32)][Int(places[$0] & 0xFFFF_FFFF)].inlines }
        statement = { index in
            let document = Int(places[index] >> 32)
            let rule = rules[document][Int(places[index] & 0xFFFF_FFFF)]
            return RuleStatement(skill: skills[document], location: rule.location, headingPath: rule.headingPath,
                                 text: rule.text, inlines: rule.inlines)
        }
        location = { rules[Int(places[$0] >> 32)][Int(places[$0] & 0xFFFF_FFFF)].location }
    }
}
