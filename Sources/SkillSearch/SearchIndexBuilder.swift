import Dispatch
import Foundation
import SkillParser

/// Builds the search index of a collection: splits every page into sections, tokenises each field,
/// and weighs every term in every section with BM25 and the field weights.
public enum SearchIndexBuilder {
    /// Indexes every document of `graph`, or only those whose paths are in `sources`.
    public static func build(graph: SkillGraph, sources: Set<String>? = nil,
                             targets: SearchIndexLayout.Targets = .init()) -> SearchIndex {
        let documents = graph.documents.filter { sources?.contains($0.path) ?? true }
        let perDocument = Parallel.map(documents) { document in
            SectionSplitter.sections(of: document, skill: graph.skill(of: document))
        }
        return build(sections: perDocument.flatMap { $0 }, targets: targets)
    }

    /// Builds from sections already split, in the order results refer to them.
    static func build(sections: [SplitSection], targets: SearchIndexLayout.Targets = .init()) -> SearchIndex {
        // Sections in batches, each batch with its own word cache.
        let batches = stride(from: 0, to: sections.count, by: 256).map { $0..<min(sections.count, $0 + 256) }
        let perBatch = Parallel.map(batches) { batch -> (counts: [TermCounts], surfaces: [String: [String: Int]]) in
            var cache = SearchTokenizer.WordCache()
            var surfaces: [String: [String: Int]] = [:]
            return (batch.map { TermCounts(sections[$0], cache: &cache, surfaces: &surfaces) }, surfaces)
        }
        let counted = perBatch.flatMap(\.counts)
        let totalLength = counted.reduce(0) { $0 + $1.length }
        let averageLength = max(1, Double(totalLength) / Double(max(1, counted.count)))
        let described = counted.filter { $0.descriptionLength > 0 }
        let averageDescription = max(1, Double(described.reduce(0) { $0 + $1.descriptionLength }) / Double(max(1, described.count)))

        var postings: [String: [Posting]] = [:]
        var surfaces: [String: [String: Int]] = [:]
        for (section, counts) in counted.enumerated() {
            for (term, frequency) in counts.weighted {
                let short = frequency.short + SearchRanking.normalized(frequency.description, length: Double(counts.descriptionLength),
                                                                       averageLength: averageDescription)
                let weight = SearchRanking.termWeight(short: short, long: frequency.long,
                                                      length: Double(counts.length), averageLength: averageLength)
                postings[term, default: []].append(Posting(section: section, weight: SearchRanking.quantize(weight)))
            }
        }
        for batch in perBatch {
            surfaces.merge(batch.surfaces) { mine, theirs in mine.merging(theirs, uniquingKeysWith: +) }
        }
        let terms = postings.map { term, postings in
            IndexedTerm(term: term, postings: postings, display: displayForm(of: term, surfaces[term]))
        }.sorted { String.utf16Precedes($0.term, $1.term) }
        let stored = sections.map(\.section)
        let sharedWords = TextCodebook.build(stored.map(\.text))
        let layout = SearchIndexEncoder.plan(terms: terms, sections: stored, sharedWords: sharedWords, targets: targets)
        return SearchIndex(sections: stored, terms: terms, layout: layout, sharedWords: sharedWords)
    }


    /// The word most often written for a stemmed term (`toggle` for `toggl`), when that is not the
    /// term itself; suggestions show it.
    static func displayForm(of term: String, _ forms: [String: Int]?) -> String? {
        guard let forms, !forms.isEmpty else { return nil }
        let best = forms.max { a, b in a.value != b.value ? a.value < b.value : String.utf16Precedes(b.key, a.key) }!
        return best.key == term ? nil : best.key
    }
}

/// Field-weighted term frequencies of one section (apart for the short fields, titles and
/// headings, the long ones, body and code, and the skill's description), its length in terms of
/// the long fields, and the description's length.
struct TermCounts: Sendable {
    var weighted: [(String, (short: Double, long: Double, description: Double))] = []
    var length = 0
    var descriptionLength = 0

    /// Counts `section`, adding how each stemmed term was written to `surfaces`.
    init(_ section: SplitSection, cache: inout SearchTokenizer.WordCache, surfaces: inout [String: [String: Int]]) {
        var frequencies: [String: (short: Double, long: Double, description: Double)] = [:]
        for field in SearchField.allCases {
            guard let text = section.fields[field] else { continue }
            let tokens = SearchTokenizer.tokens(text, cache: &cache)
            for token in tokens {
                if field == .description {
                    frequencies[token.term, default: (0, 0, 0)].description += field.weight
                } else if field.isLong {
                    frequencies[token.term, default: (0, 0, 0)].long += field.weight
                } else {
                    frequencies[token.term, default: (0, 0, 0)].short += field.weight
                }
                if token.kind == .word || token.kind == .part {
                    surfaces[token.term, default: [:]][token.surface ?? token.term, default: 0] += 1
                }
            }
            if field.isLong { length += tokens.count }
            if field == .description { descriptionLength = tokens.count }
        }
        weighted = Array(frequencies)
    }
}
