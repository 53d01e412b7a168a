import Dispatch
import Foundation
import SkillParser

/// Builds the search index of a collection: splits every page into sections, tokenises each field,
/// and weighs every term in every section with BM25 and the field weights.
///
/// Documents are split and counted in batches on all cores, and a section's field texts are
/// dropped as soon as they are counted: the index step of a 37 MB collection kept every section's
/// fields and a dictionary of counts per section until the end, which made it the build's peak of
/// memory. A batch keeps its own term table; terms get their global numbers once per batch, not
/// once per occurrence.
public enum SearchIndexBuilder {
    /// Indexes every document of `graph`, or only those whose paths are in `sources`.
    public static func build(graph: SkillGraph, sources: Set<String>? = nil,
                             targets: SearchIndexLayout.Targets = .init()) -> SearchIndex {
        encoded(graph: graph, sources: sources, targets: targets).index
    }

    /// Builds the index of `graph` and hands each of its files (paths under `search/`, as
    /// `SearchIndex.files()` gives them) to `write`, on all cores, as soon as it is encoded: the
    /// files are never all held at once, and no piece of them is encoded twice. Returns the index
    /// and the size of each file by path.
    public static func buildAndWrite(graph: SkillGraph, sources: Set<String>? = nil,
                                     targets: SearchIndexLayout.Targets = .init(),
                                     write: (_ path: String, _ contents: [UInt8]) throws -> Void) throws
        -> (index: SearchIndex, sizes: [String: Int]) {
        let (index, pieces) = encoded(graph: graph, sources: sources, targets: targets)
        return (index, try SearchIndexEncoder.eachFile(index, pieces: pieces, write))
    }

    /// Builds from sections already split, in the order results refer to them.
    static func build(sections: [SplitSection], targets: SearchIndexLayout.Targets = .init()) -> SearchIndex {
        let batches = stride(from: 0, to: sections.count, by: 256).map { $0..<min(sections.count, $0 + 256) }
        return assemble(Parallel.map(batches) { range -> CountedBatch in
            var batch = CountedBatch()
            for section in sections[range] { batch.add(section) }
            batch.finish()
            return batch
        }, targets: targets).index
    }

    /// The index and its files, each piece of the files encoded once.
    static func encoded(graph: SkillGraph, sources: Set<String>? = nil,
                        targets: SearchIndexLayout.Targets = .init()) -> (index: SearchIndex, pieces: SearchIndexEncoder.Pieces) {
        let documents = graph.documents.filter { sources?.contains($0.path) ?? true }
        // Enough batches to balance uneven documents over the cores, few enough that merging
        // their term tables stays small.
        let batchCount = max(1, min(documents.count, Parallel.cores * 8))
        let bounds = (0...batchCount).map { $0 * documents.count / batchCount }
        return assemble(Parallel.map(Array(0..<batchCount)) { batch -> CountedBatch in
            var counts = CountedBatch()
            for document in documents[bounds[batch]..<bounds[batch + 1]] {
                for section in SectionSplitter.sections(of: document, skill: graph.skill(of: document)) {
                    counts.add(section)
                }
            }
            counts.finish()
            return counts
        }, targets: targets)
    }

    /// Numbers the terms of all batches, weighs every count, and lays the index out in files.
    private static func assemble(_ counted: consuming [CountedBatch], targets: SearchIndexLayout.Targets)
        -> (index: SearchIndex, pieces: SearchIndexEncoder.Pieces) {
        // Taken, not copied, so that emptying them below gives their memory back.
        var batches = consume counted
        let stored = batches.flatMap(\.stored)
        for number in batches.indices { batches[number].stored = [] }
        var numbers: [String: Int] = [:]
        var termTexts: [String] = []
        var ownForm: [Int] = []
        var otherForms: [[String: Int]?] = []
        var sectionCount = 0, totalLength = 0, describedCount = 0, totalDescription = 0
        let globals = batches.map { batch -> [Int32] in
            sectionCount += batch.lengths.count
            totalLength += batch.lengths.reduce(0, +)
            describedCount += batch.descriptionLengths.count
            totalDescription += batch.descriptionLengths.values.reduce(0, +)
            return batch.terms.indices.map { local -> Int32 in
                let term = batch.terms[local]
                let number: Int
                if let known = numbers[term] {
                    number = known
                } else {
                    number = termTexts.count
                    numbers[term] = number
                    termTexts.append(term)
                    ownForm.append(0)
                    otherForms.append(nil)
                }
                ownForm[number] += batch.ownForm[local]
                if let forms = batch.otherForms[local] {
                    otherForms[number] = otherForms[number].map { $0.merging(forms, uniquingKeysWith: +) } ?? forms
                }
                return Int32(number)
            }
        }
        numbers = [:]
        let averageLength = max(1, Double(totalLength) / Double(max(1, sectionCount)))
        let averageDescription = max(1, Double(totalDescription) / Double(max(1, describedCount)))
        var weights = Parallel.map(batches) { $0.weights(averageLength: averageLength, averageDescription: averageDescription) }

        var postingCounts = [Int](repeating: 0, count: termTexts.count)
        for (batch, global) in zip(batches, globals) { for entry in batch.entries { postingCounts[Int(global[Int(entry.term)])] += 1 } }
        var postings: [[Posting]] = postingCounts.map { count in
            var list: [Posting] = []
            list.reserveCapacity(count)
            return list
        }
        var section = 0
        for number in batches.indices {
            let global = globals[number], weight = weights[number], entries = batches[number].entries
            var entry = 0
            for end in batches[number].sectionEnds {
                while entry < end {
                    postings[Int(global[Int(entries[entry].term)])].append(Posting(section: section, weight: Int(weight[entry])))
                    entry += 1
                }
                section += 1
            }
            // Each batch's counts go as soon as they are postings, so the two are not all held at once.
            batches[number].entries = []
            weights[number] = []
        }
        let order = termTexts.indices.sorted { String.utf16Precedes(termTexts[$0], termTexts[$1]) }
        let terms = order.map { number in
            IndexedTerm(term: termTexts[number], postings: postings[number],
                        display: displayForm(of: termTexts[number], own: ownForm[number], others: otherForms[number]))
        }
        postings = []
        batches = []
        let sharedWords = TextCodebook.build(stored.map(\.text))
        let pieces = SearchIndexEncoder.pieces(terms: terms, sections: stored, sharedWords: sharedWords)
        let layout = SearchIndexEncoder.plan(terms: terms, pieces: pieces, targets: targets)
        return (SearchIndex(sections: stored, terms: terms, layout: layout, sharedWords: sharedWords), pieces)
    }

    /// The word most often written for a stemmed term (`toggle` for `toggl`), when that is not the
    /// term itself; suggestions show it. `own` counts the term written as itself.
    static func displayForm(of term: String, own: Int, others: [String: Int]?) -> String? {
        var forms = others ?? [:]
        if own > 0 { forms[term, default: 0] += own }
        return displayForm(of: term, forms)
    }

    static func displayForm(of term: String, _ forms: [String: Int]?) -> String? {
        guard let forms, !forms.isEmpty else { return nil }
        let best = forms.max { a, b in a.value != b.value ? a.value < b.value : String.utf16Precedes(b.key, a.key) }!
        return best.key == term ? nil : best.key
    }
}

/// The counts of a run of sections: what each section shows, and, per section, its terms (by
/// number in the batch's own term table) with their field-weighted frequencies.
struct CountedBatch: Sendable {
    /// One term of one section. Frequencies are sums of field weights, all multiples of a half,
    /// kept doubled as integers (exact, and a third of the size of two `Double`s).
    struct Entry: Sendable {
        var term: UInt32
        var shortTwice: UInt32
        var longTwice: UInt32
    }

    var stored: [SearchSection] = []
    var terms: [String] = []
    /// How often each term was written as itself, and in other forms (before stemming).
    var ownForm: [Int] = []
    var otherForms: [[String: Int]?] = []
    var entries: [Entry] = []
    /// The end in `entries` of each section's run.
    var sectionEnds: [Int] = []
    /// Each section's length: the number of terms of its long fields.
    var lengths: [Int] = []
    /// The few sections with a skill description: the description's length, by section in the
    /// batch, and its doubled weighted frequency, by entry (normalised apart: `SearchRanking.normalized`).
    var descriptionLengths: [Int: Int] = [:]
    var descriptionTwice: [Int: UInt32] = [:]

    private var numbers: [String: UInt32] = [:]
    private var cache = SearchTokenizer.WordCache()
    /// Where a term sits in the current section's entries, by term number (-1: not yet).
    private var slots: [Int32] = []

    /// Counts `section` and keeps what it shows; its field texts are not kept.
    mutating func add(_ split: SplitSection) {
        let first = entries.count
        var length = 0
        for field in SearchField.allCases {
            guard let text = split.fields[field] else { continue }
            let tokens = SearchTokenizer.tokens(text, cache: &cache)
            let weight = UInt32(field.weight * 2)
            for token in tokens {
                let term = number(of: token.term)
                var slot = Int(slots[Int(term)])
                if slot < 0 {
                    slot = entries.count
                    slots[Int(term)] = Int32(slot)
                    entries.append(Entry(term: term, shortTwice: 0, longTwice: 0))
                }
                if field == .description {
                    descriptionTwice[slot, default: 0] += weight
                } else if field.isLong {
                    entries[slot].longTwice += weight
                } else {
                    entries[slot].shortTwice += weight
                }
                if token.kind == .word || token.kind == .part {
                    if let surface = token.surface {
                        otherForms[Int(term)] = otherForms[Int(term)] ?? [:]
                        otherForms[Int(term)]![surface, default: 0] += 1
                    } else {
                        ownForm[Int(term)] += 1
                    }
                }
            }
            if field.isLong { length += tokens.count }
            if field == .description, !tokens.isEmpty { descriptionLengths[lengths.count] = tokens.count }
        }
        for entry in entries[first...] { slots[Int(entry.term)] = -1 }
        sectionEnds.append(entries.count)
        lengths.append(length)
        stored.append(split.section)
    }

    /// Drops what only counting needed (the word cache and the term lookup), keeping the counts.
    mutating func finish() {
        numbers = [:]
        cache = SearchTokenizer.WordCache()
        slots = []
    }

    private mutating func number(of term: String) -> UInt32 {
        if let known = numbers[term] { return known }
        let number = UInt32(terms.count)
        numbers[term] = number
        terms.append(term)
        ownForm.append(0)
        otherForms.append(nil)
        slots.append(-1)
        return number
    }

    /// The quantised BM25F weight of every entry.
    func weights(averageLength: Double, averageDescription: Double) -> [UInt8] {
        var weights: [UInt8] = []
        weights.reserveCapacity(entries.count)
        var entry = 0
        for (section, end) in sectionEnds.enumerated() {
            let length = Double(lengths[section])
            let description = Double(descriptionLengths[section] ?? 0)
            while entry < end {
                var short = Double(entries[entry].shortTwice) / 2
                if let twice = descriptionTwice[entry] {
                    short += SearchRanking.normalized(Double(twice) / 2, length: description, averageLength: averageDescription)
                }
                let weight = SearchRanking.termWeight(short: short,
                                                      long: Double(entries[entry].longTwice) / 2,
                                                      length: length, averageLength: averageLength)
                weights.append(UInt8(SearchRanking.quantize(weight)))
                entry += 1
            }
        }
        return weights
    }
}
