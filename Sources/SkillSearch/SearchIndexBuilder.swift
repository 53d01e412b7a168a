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
    /// The build cache's part for the index: the counts of the previous build's documents, and
    /// the key of each document of this one (`nil`: not kept). See `SearchIndexCache`.
    public struct Reuse: Sendable {
        /// The previous counts, read as far as they are needed.
        public var counts: PreviousCounts
        /// Every previous count (the counts file read whole).
        public var previous: SearchIndexCache { counts.cache }
        public var keys: [String: SearchIndexCache.Key]
        /// The sizes of the previous build's document rows.
        public var rows: SearchIndexRowSizes?
        /// The index the previous build assembled, which a rebuild patches (`SearchIndexState`).
        public var state: SearchIndexState? {
            get { kept.value }
            set { kept = KeptState(newValue) }
        }
        /// Held in an object of its own so that the patch can take it (`takeState`) and change
        /// its half a million terms in place: copied, each term was retained and released.
        private var kept: KeptState
        /// Called before the index is assembled from every document's counts (when it cannot be
        /// patched), which may wait: a build that patches the index beside its other steps has
        /// the assembly, the step's peak of memory, wait until the pages are rendered.
        public var beforeAssembling: (@Sendable () -> Void)?
        public init(previous: SearchIndexCache, keys: [String: SearchIndexCache.Key], rows: SearchIndexRowSizes? = nil,
                    state: SearchIndexState? = nil) {
            self.init(counts: PreviousCounts(previous), keys: keys, rows: rows, state: state)
        }
        public init(counts: PreviousCounts, keys: [String: SearchIndexCache.Key], rows: SearchIndexRowSizes? = nil,
                    state: SearchIndexState? = nil) {
            self.counts = counts
            self.keys = keys
            self.rows = rows
            self.kept = KeptState(state)
        }

        /// The state, taken out: this and every copy of this reuse have none after it. A patch
        /// takes it to change it in place (`patched`); the index assembled anew needs none.
        func takeState() -> SearchIndexState? {
            kept.take()
        }

        private final class KeptState: @unchecked Sendable {
            private let lock = NSLock()
            private var state: SearchIndexState?
            init(_ state: SearchIndexState?) { self.state = state }
            var value: SearchIndexState? { lock.withLock { state } }
            func take() -> SearchIndexState? {
                lock.withLock {
                    defer { state = nil }
                    return state
                }
            }
        }
    }

    /// Writes every keyed document's counts (`SearchIndexCache.write`) and says where each one
    /// is in the file, or `nil` when it could not be written.
    public typealias Keep = (_ records: [SearchIndexCache.Record]) -> [SearchIndexCache.Location]?

    /// What `buildAndWrite` made.
    public struct Built: Sendable {
        public var index: SearchIndex
        /// The size of each file by path.
        public var sizes: [String: Int]
        /// The documents split and counted by this build.
        public var recounted: Int
        /// The row sizes of the documents with keys, for the next build (`Reuse.rows`).
        public var rows: SearchIndexRowSizes
        /// The index as assembled, for the next build to patch (`Reuse.state`); `nil` when a
        /// document has no key.
        public var state: SearchIndexState?
        /// Whether the index was patched from the previous build's (`Reuse.state`) rather than
        /// assembled from every document's counts.
        public var patched: Bool
        /// The index's sizes and what sample first queries download.
        public var summary: SearchIndexSizes
        /// The sample first queries whose files were the previous build's, not found again, of all.
        public var firstQueriesKept: Int
        public var firstQueries: Int
        /// The dictionary and postings files left as the previous build wrote them, not encoded.
        public var unchangedFiles: Int
    }

    /// Indexes every document of `graph`, or only those whose paths are in `sources`.
    public static func build(graph: SkillGraph, sources: Set<String>? = nil,
                             targets: SearchIndexLayout.Targets = .init()) -> SearchIndex {
        encoded(graph: graph, sources: sources, targets: targets).index
    }

    /// Builds the index of `graph` and hands each of its files (paths under `search/`, as
    /// `SearchIndex.files()` gives them) to `write`, on all cores, as soon as it is encoded: the
    /// files are never all held at once, and no piece of them is encoded twice. With `reuse`,
    /// the documents whose keys are in the previous counts are not split and counted again, and
    /// `keep` is given every keyed document's counts as soon as all are counted (before the index
    /// is assembled, so that they are not held beside it). A document file made only of keyed
    /// documents comes to `write` with a digest of what it is made of, and `contents` encodes it
    /// (`write` need not call it when the file it has is of that digest); the other files come
    /// with no digest, already encoded.
    public static func buildAndWrite(graph: SkillGraph, sources: Set<String>? = nil,
                                     targets: SearchIndexLayout.Targets = .init(), reuse: Reuse? = nil,
                                     keep: Keep? = nil,
                                     write: (_ path: String, _ digest: ContentHash?, _ contents: () -> [UInt8]) throws -> Void) throws
        -> Built {
        let textFailure = TextFailure()
        let made = encoded(graph: graph, sources: sources, targets: targets, reuse: reuse, keep: keep, textFailure: textFailure)
        let written = try SearchIndexEncoder.eachFile(made.index, pieces: made.pieces, knownTerms: made.knownTerms,
                                                      before: made.before, write)
        if textFailure.isSet, let reuse {
            // A patch that could not read a section's text from the previous counts (a counts
            // file damaged or replaced since the state was written): every document is counted
            // anew and every file handed over again (a second file at a path replaces the first).
            var anew = Reuse(previous: SearchIndexCache(), keys: reuse.keys)
            anew.beforeAssembling = reuse.beforeAssembling
            return try buildAndWrite(graph: graph, sources: sources, targets: targets, reuse: anew, keep: keep, write: write)
        }
        var files = written.files
        let (firstQueries, kept) = firstQueryFiles(made.index, before: made.before, key: files.queryKey, unchanged: written.unchanged,
                                                   knownTerms: made.knownTerms)
        files.firstQueries = firstQueries
        var state = made.state
        state?.files = files
        return Built(index: made.index, sizes: written.sizes, recounted: made.recounted,
                     rows: SearchIndexEncoder.rowSizes(made.pieces, sources: made.sources), state: state,
                     patched: made.patched, summary: made.index.sizes(ofFiles: written.sizes, firstQueries: firstQueries),
                     firstQueriesKept: kept, firstQueries: firstQueries.count, unchangedFiles: written.unchanged.count)
    }

    /// What the first search of each sample query reads, and how many of the queries were not
    /// run again: a query's files and sections are the previous build's (`before`) when what
    /// they depend on outside the dictionary and postings files is the same
    /// (`SearchIndexEncoder.queryKey`), every dictionary and postings file it read is as the
    /// previous build wrote it (`unchanged`), and so is the first term of the dictionary file
    /// after each one it read (with the file's own first term, that decides which words it
    /// holds: `TermResolver.file(for:)`). A query is found with nothing else (section texts are
    /// not read). The document files of its sections and all sizes are taken anew. The queries
    /// whose files changed are run.
    static func firstQueryFiles(_ index: SearchIndex, before: SearchIndexState.Files?, key: ContentHash?,
                                unchanged: Set<String>, knownTerms: SearchIndexEncoder.KnownTerms?)
        -> (queries: [SearchIndexState.FirstQuery], kept: Int) {
        let queries = index.sampleQueries()
        var known: [String: SearchIndexState.FirstQuery] = [:]
        let starts = index.layout.dictionaryStarts
        if let before, let knownTerms, before.queryKey != nil, before.queryKey == key,
           starts.isEmpty == before.dictionaryStarts.isEmpty {
            // Whether dictionary file `file` of this build begins with the term file `was` of the
            // previous build began with, or both end the dictionary.
            func sameStart(_ file: Int, was: Int) -> Bool {
                guard file < starts.count, was < before.dictionaryStarts.count else {
                    return file >= starts.count && was >= before.dictionaryStarts.count
                }
                return Int(knownTerms.previous[starts[file]]) == before.dictionaryStarts[was]
            }
            var dictionaryFiles: [String: Int] = [:]
            for file in starts.indices { dictionaryFiles[index.layout.dictionaryPath(file)] = file }
            var previousFiles: [String: Int] = [:]
            for (file, name) in before.dictionaryNames.enumerated() { previousFiles[SearchIndexFiles.dictionary(name)] = file }
            for query in before.firstQueries {
                let same = query.files.allSatisfy { file in
                    if file.hasPrefix("p/") { return unchanged.contains(file) }
                    guard file.hasPrefix("t/") else { return true }
                    // An unchanged file has the terms it had, so the same first term: the same
                    // file of both builds, and the next one must begin as it did.
                    guard unchanged.contains(file), let number = dictionaryFiles[file], let was = previousFiles[file] else { return false }
                    return sameStart(number + 1, was: was + 1)
                }
                if same { known[query.query] = query }
            }
        }
        let run = queries.filter { known[$0] == nil }
        let found = run.isEmpty ? [] : index.firstQueryFiles(run)
        for query in found { known[query.query] = query }
        return (queries.map { known[$0]! }, queries.count - run.count)
    }

    /// The index and its files, each piece of the files encoded once, and the number of
    /// documents split and counted (see `buildAndWrite`).
    static func encoded(graph: SkillGraph, sources: Set<String>? = nil, targets: SearchIndexLayout.Targets = .init(),
                        reuse: Reuse? = nil, keep: Keep? = nil, textFailure: TextFailure = TextFailure())
        -> (index: SearchIndex, pieces: SearchIndexEncoder.Pieces, recounted: Int,
            sources: [SearchIndexEncoder.SectionSource?], state: SearchIndexState?, patched: Bool,
            knownTerms: SearchIndexEncoder.KnownTerms?, before: SearchIndexState.Files?) {
        let documents = graph.documents.filter { sources?.contains($0.path) ?? true }
        if let reuse, var patched = patched(documents, graph: graph, reuse: reuse, targets: targets, textFailure: textFailure) {
            if let records = patched.records {
                // The counts file written anew: the state says where its records are.
                let locations = keep?(records)
                patched.state.locations = locations?.count == records.count ? locations! : Array(repeating: nil, count: records.count)
            }
            return (patched.index, patched.pieces, patched.recounted, patched.sources, patched.state, true,
                    patched.knownTerms, patched.before)
        }
        reuse?.beforeAssembling?()
        let previousCounts = reuse?.previous
        // Enough batches to balance uneven documents over the cores, few enough that merging
        // their term tables stays small and that each word form is worked out in few of them.
        let batchCount = max(1, min(documents.count, Parallel.cores * 4))
        let bounds = (0...batchCount).map { $0 * documents.count / batchCount }
        var counted = Parallel.map(Array(0..<batchCount)) { batch -> (CountedBatch, [SearchIndexCache.Record], Int, [SearchIndexCache.Key?]) in
            var counts = CountedBatch()
            // Per document kept: its key, and the previous payload or its place in the batch.
            var kept: [(key: SearchIndexCache.Key, previous: ArraySlice<UInt8>?, counted: Int)] = []
            var recounted = 0
            var keys: [SearchIndexCache.Key?] = []
            for document in documents[bounds[batch]..<bounds[batch + 1]] {
                let key = reuse?.keys[document.path]
                keys.append(key)
                if let key, let payload = previousCounts?.payload(key), counts.add(cached: payload) {
                    if keep != nil { kept.append((key, payload, 0)) }
                    continue
                }
                counts.add(document, skill: graph.skill(of: document))
                recounted += 1
                if let key, keep != nil { kept.append((key, nil, counts.documents.count - 1)) }
            }
            counts.finish()
            // Made once the batch's term table is whole: every record shares it.
            let records = kept.map { item -> SearchIndexCache.Record in
                if let previous = item.previous { return (item.key, .init(source: .previous(previous))) }
                return (item.key, .init(source: .counted(counts.documents[item.counted], terms: counts.documentTerms[item.counted],
                                                         table: counts.terms)))
            }
            return (counts, records, recounted, keys)
        }
        let recounted = counted.reduce(0) { $0 + $1.2 }
        // The counts file (as large as the collection's text) is encoded and written on a thread
        // of its own while the terms are numbered on this one, which left the other core idle;
        // the counts it reads are freed only once it is done (`assemble` waits for it before the
        // postings are made), so the two are not held at once.
        let records = Handoff(counted.flatMap(\.1))
        let saving = keep.map { keep in BackgroundStep { keep(records.take()) } }
        var locations: [SearchIndexCache.Location]?
        var keys: [SearchIndexCache.Key?] = []
        var sectionCounts: [Int] = []
        for (batch, _, _, batchKeys) in counted {
            keys += batchKeys
            sectionCounts += batch.documents.map(\.sections.count)
        }
        let sectionSources = Self.sectionSources(keys: keys, sectionCounts: sectionCounts)
        let batches = counted.map(\.0)
        counted = []
        let (index, pieces, assembled) = assemble(consume batches, targets: targets, sources: sectionSources, known: reuse?.rows,
                                                  beforePostings: { locations = (try? saving?.wait()) ?? nil })
        // Kept only when every document has a key: a rebuild patches documents by key.
        let allKeys = keys.compactMap { $0 }
        var state: SearchIndexState?
        if allKeys.count == keys.count {
            state = SearchIndexState(documents: allKeys, sectionCounts: sectionCounts,
                                     frames: frames(index.sections, sectionCounts: sectionCounts), totals: assembled.totals,
                                     terms: index.terms, forms: assembled.forms, words: assembled.words, wordSizes: pieces.wordSizes,
                                     postingsSizes: pieces.postingsSizes)
            // Every keyed document's record was written, in this order.
            state?.locations = locations?.count == allKeys.count ? locations! : Array(repeating: nil, count: allKeys.count)
        }
        return (index, pieces, recounted, sectionSources, state, false, nil, nil)
    }

    /// Each document's sections without their texts, as the state keeps them (`SearchIndexState.frames`).
    static func frames(_ sections: [SearchSection], sectionCounts: [Int]) -> [ArraySlice<UInt8>] {
        var starts: [Int] = []
        starts.reserveCapacity(sectionCounts.count + 1)
        var start = 0
        for count in sectionCounts {
            starts.append(start)
            start += count
        }
        starts.append(start)
        return Parallel.map(sectionCounts.count, minimumChunk: 64) { document in
            SectionFrames.encode(sections[starts[document]..<starts[document + 1]])[...]
        }
    }

    /// Where each section comes from (`SearchIndexEncoder.SectionSource`), from each document's
    /// key and number of sections.
    static func sectionSources(keys: [SearchIndexCache.Key?], sectionCounts: [Int]) -> [SearchIndexEncoder.SectionSource?] {
        var sources: [SearchIndexEncoder.SectionSource?] = []
        sources.reserveCapacity(sectionCounts.reduce(0, +))
        for (key, count) in zip(keys, sectionCounts) {
            sources += (0..<count).map { ordinal in key.map { .init(document: $0, ordinal: ordinal, count: count) } }
        }
        return sources
    }

    /// Numbers the terms of all batches, weighs every count, and lays the index out in files.
    /// `beforePostings` is called before the postings are made, which is the step's peak of memory.
    private static func assemble(_ counted: consuming [CountedBatch], targets: SearchIndexLayout.Targets,
                                 sources: [SearchIndexEncoder.SectionSource?], known: SearchIndexRowSizes?,
                                 beforePostings: () -> Void)
        -> (index: SearchIndex, pieces: SearchIndexEncoder.Pieces,
            kept: (totals: SearchIndexState.Totals, forms: [SearchIndexState.Forms], words: TextCodebook.WordCounts)) {
        // Taken, not copied, so that emptying them below gives their memory back.
        var batches = consume counted
        var stored: [SearchSection] = []
        stored.reserveCapacity(batches.reduce(0) { $0 + $1.documents.reduce(0) { $0 + $1.sections.count } })
        // The sections move to `stored`: assembling reads them from there.
        for number in batches.indices {
            for document in batches[number].documents.indices {
                stored += batches[number].documents[document].sections
                batches[number].documents[document].sections = []
            }
        }
        // The shared words are counted from the sections' texts on a thread of their own while
        // this one numbers the terms (with a single core's merge of their tables at the end, they
        // were a serial tail after the postings).
        let texts = stored.map(\.text)
        let counting = BackgroundStep { TextCodebook.wordCounts(texts) }
        // Numbered by their bytes, in the order first met, as the batches number their own: a
        // `[String: Int]` hashed every term of every batch with SipHash (`TermNumbers`).
        var numbers = TermNumbers(expected: batches.reduce(0) { max($0, $1.terms.count) })
        let globals = batches.map { batch -> [Int32] in batch.terms.map { numbers.number(of: $0) } }
        let termTexts = numbers.texts
        numbers = TermNumbers()
        var sectionCount = 0, totalLength = 0, describedCount = 0, totalDescription = 0
        for batch in batches {
            for document in batch.documents {
                sectionCount += document.lengths.count
                totalLength += document.lengths.reduce(0, +)
                describedCount += document.descriptionLengths.count
                totalDescription += document.descriptionLengths.values.reduce(0, +)
            }
        }
        let (ownForm, otherForms) = writtenForms(batches, globals: globals, termCount: termTexts.count)
        // The written forms are summed: each document's go before the postings are made.
        for number in batches.indices {
            for document in batches[number].documents.indices {
                batches[number].documents[document].ownForm = []
                batches[number].documents[document].otherForms = []
            }
        }
        let totals = SearchIndexState.Totals(sections: sectionCount, length: totalLength, described: describedCount,
                                             description: totalDescription)
        let (averageLength, averageDescription) = totals.averages
        var weights = Parallel.map(batches) { batch -> [UInt8] in
            var weights: [UInt8] = []
            for document in batch.documents {
                document.weights(averageLength: averageLength, averageDescription: averageDescription, into: &weights)
            }
            return weights
        }

        // Sorted before the postings are made, while the counts file and the words are still being done.
        let order = utf16Order(termTexts)
        let words = try! counting.wait()
        beforePostings()
        // The sections' moves and the written forms freed memory of the threads that counted,
        // which this one cannot allocate from (`FreedMemory`).
        FreedMemory.giveBack()

        var postings = emptyPostings(batches, globals: globals, termCount: termTexts.count)
        var section = 0
        for number in batches.indices {
            section = addPostings(of: batches[number], global: globals[number], weights: weights[number], firstSection: section,
                                  to: &postings)
            // Each batch's counts go as soon as they are postings, so the two are not all held at
            // once.
            batches[number].documents = []
            weights[number] = []
        }
        // The memory the counts freed is the counting threads' (`FreedMemory`), given back once:
        // the postings were made in room reserved above, so nothing is allocated until the
        // terms below. A call after each batch walked every heap each time: 105 of the step's
        // samples at 10,000 skills (4 at 1,000), on this thread alone.
        FreedMemory.giveBack()
        let forms = order.map { SearchIndexState.Forms(own: ownForm[$0], others: otherForms[$0]) }
        let terms = Parallel.map(order.count, minimumChunk: 4096) { position in
            IndexedTerm(term: termTexts[order[position]], postings: postings[order[position]],
                        display: forms[position].display(of: termTexts[order[position]]))
        }
        postings = []
        batches = []
        let (index, pieces) = layOut(sections: stored, terms: terms, words: words, targets: targets, sources: sources, known: known)
        return (index, pieces, (totals, forms, words))
    }

    /// The index of `sections` and `terms` (in UTF-16 order, with their postings), with the
    /// shared words chosen from `words` (those of the sections' texts) and its files' pieces and
    /// layout: the same whether the terms and words were assembled from every document's counts
    /// or patched (`patched`).
    static func layOut(sections: [SearchSection], terms: [IndexedTerm], words: TextCodebook.WordCounts,
                       targets: SearchIndexLayout.Targets, sources: [SearchIndexEncoder.SectionSource?], known: SearchIndexRowSizes?,
                       knownTerms: SearchIndexEncoder.KnownTerms? = nil, lateText: SearchIndexEncoder.LateText? = nil)
        -> (index: SearchIndex, pieces: SearchIndexEncoder.Pieces) {
        let sharedWords = TextCodebook.choose(words)
        let pieces = SearchIndexEncoder.pieces(terms: terms, sections: sections, sharedWords: sharedWords,
                                               sources: sources, known: known, knownTerms: knownTerms, lateText: lateText)
        let layout = SearchIndexEncoder.plan(terms: terms, pieces: pieces, targets: targets)
        return (SearchIndex(sections: sections, terms: terms, layout: layout, sharedWords: sharedWords), pieces)
    }

    /// The word most often written for a stemmed term (`toggle` for `toggl`), when that is not the
    /// term itself; suggestions show it. `own` counts the term written as itself.
    static func displayForm(of term: String, own: Int, others: [String: Int]?) -> String? {
        // Written only as itself (most terms): no form to show, found without a dictionary of
        // forms per term (which was most of reading the kept index, `SearchIndexState`).
        guard let others, !others.isEmpty else { return nil }
        var forms = others
        if own > 0 { forms[term, default: 0] += own }
        return displayForm(of: term, forms)
    }

    static func displayForm(of term: String, _ forms: [String: Int]?) -> String? {
        guard let forms, !forms.isEmpty else { return nil }
        let best = forms.max { a, b in a.value != b.value ? a.value < b.value : String.utf16Precedes(b.key, a.key) }!
        return best.key == term ? nil : best.key
    }
}
