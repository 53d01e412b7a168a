import Foundation
import SkillParser

/// A rebuild's index made by patching the previous build's (`SearchIndexState`) with the
/// documents that changed, came or went: the old counts (from the build cache) of those gone
/// (a changed document's old version is one) come out of the postings, totals, written forms
/// and words of the texts, the new counts of those come (its new version) go in, the postings
/// of the kept sections after a change in the number of sections are numbered anew
/// (`SectionShift`), and the other documents' counts are not decoded. Their weights stay as
/// they were because the averages the weights divide by are rounded
/// (`SearchRanking.averageLength`); when the change moves an average to another step, or more
/// than an eighth of the documents come or go, the index is assembled from every document's
/// counts instead. Either way the terms are the ones a full build assembles, and the files are
/// laid out from them by the same code (`SearchIndexBuilder.layOut`).
extension SearchIndexBuilder {
    /// What `patched` made.
    struct Patched {
        var index: SearchIndex
        var pieces: SearchIndexEncoder.Pieces
        var recounted: Int
        var sources: [SearchIndexEncoder.SectionSource?]
        var state: SearchIndexState
        /// Every document's counts for the build cache, when its file is to be written anew
        /// (else the counts it lacks are in `state.extras`).
        var records: [SearchIndexCache.Record]?
        /// The terms kept as they were, and the files the previous build wrote.
        var knownTerms: SearchIndexEncoder.KnownTerms
        var before: SearchIndexState.Files
    }

    /// At most this share of the documents is patched; beyond it assembling anew costs less.
    static let patchedShare = 8

    /// The counts file is written anew when more documents than this (or than a sixteenth of
    /// the documents) are missing from it, so that the extras (read and written whole by each
    /// rebuild) stay small.
    static let extraRecords = 64

    /// The index of `documents` patched from `reuse.state`, or `nil` when it cannot be (see the type).
    static func patched(_ documents: [Document], graph: SkillGraph, reuse: Reuse, targets: SearchIndexLayout.Targets,
                        textFailure: TextFailure = TextFailure()) -> Patched? {
        // Taken out of `reuse` to be changed in place (`apply`); an index assembled anew needs none.
        guard var state = reuse.takeState(), !documents.isEmpty, !state.documents.isEmpty,
              state.locations.count == state.documents.count, state.frames.count == state.documents.count,
              state.sectionCounts.count == state.documents.count else { return nil }
        var keys: [SearchIndexCache.Key] = []
        keys.reserveCapacity(documents.count)
        for document in documents {
            guard let key = reuse.keys[document.path] else { return nil }
            keys.append(key)
        }
        // Each document the last build had with the same key (the same content, path, kind and
        // skill) is kept where it was among the others; the others' sections go (`removed`: a
        // changed document's old version, or a document gone) or come (`added`: its new
        // version, or a new document), and the kept documents' sections after them move.
        var oldPositions: [SearchIndexCache.Key: Int] = [:]
        for (position, key) in state.documents.enumerated() { oldPositions[key] = position }
        guard oldPositions.count == state.documents.count else { return nil }
        let was = keys.map { oldPositions[$0] }
        var kept = [Bool](repeating: false, count: state.documents.count)
        var last = -1
        for old in was {
            guard let old else { continue }
            guard old > last else { return nil }
            last = old
            kept[old] = true
        }
        let added = keys.indices.filter { was[$0] == nil }
        let removed = state.documents.indices.filter { !kept[$0] }
        let share = max(1, documents.count / patchedShare)
        guard added.count <= share, removed.count <= share else { return nil }
        // Every kept document's counts are kept somewhere: in the counts file (where the
        // state says) or in the state's extras.
        for old in was.compactMap({ $0 }) where state.locations[old] == nil && state.extras[state.documents[old]] == nil {
            return nil
        }
        // A document's counts as the counts file (read at the place the state keeps, checked
        // against the digest kept there) or the state's extras hold them.
        let counts = reuse.counts
        guard counts.isIntact else { return nil }
        func payload(_ old: Int) -> ArraySlice<UInt8>? {
            let key = state.documents[old]
            return state.extras[key]?[...] ?? counts.record(at: state.locations[old], key: key)
        }
        // The old counts of each document removed, and the new ones of each added.
        let old = removed.map { payload($0).flatMap(SearchIndexCache.decode) }
        let counted = Parallel.map(added) { position -> CountedBatch in
            var batch = CountedBatch()
            batch.add(documents[position], skill: graph.skill(of: documents[position]))
            batch.finish()
            return batch
        }
        var totals = state.totals
        var words = state.words
        var changes: [String: TermChange] = [:]
        var oldStarts: [Int] = []
        oldStarts.reserveCapacity(state.documents.count)
        var oldStart = 0
        for count in state.sectionCounts {
            oldStarts.append(oldStart)
            oldStart += count
        }
        for (number, position) in removed.enumerated() {
            guard let before = old[number], before.sections.count == state.sectionCounts[position] else { return nil }
            totals.add(before, sign: -1)
            for section in before.sections { words.add(section.text, times: -1) }
            let sections = oldStarts[position]..<(oldStarts[position] + before.sections.count)
            for (term, text) in before.terms.enumerated() {
                changes[text, default: TermChange()].removed.append(sections)
                changes[text]!.own -= Int(before.ownForm[term])
            }
            for form in before.otherForms { changes[before.terms[Int(form.term)]]!.others[form.surface, default: 0] -= Int(form.count) }
        }
        var fresh: [Int: DocumentCounts] = [:]
        for (number, position) in added.enumerated() {
            let after = counted[number].counts(withTerms: 0)
            totals.add(after)
            for section in after.sections { words.add(section.text, times: 1) }
            for (term, text) in after.terms.enumerated() { changes[text, default: TermChange()].own += Int(after.ownForm[term]) }
            for form in after.otherForms { changes[after.terms[Int(form.term)]]!.others[form.surface, default: 0] += Int(form.count) }
            fresh[position] = after
        }
        let sectionCounts = keys.indices.map { position in was[position].map { state.sectionCounts[$0] } ?? fresh[position]!.sections.count }
        var starts: [Int] = []
        starts.reserveCapacity(documents.count)
        var start = 0
        for count in sectionCounts {
            starts.append(start)
            start += count
        }
        guard start == totals.sections else { return nil }
        let averages = totals.averages
        guard averages == state.totals.averages else { return nil }
        for (position, after) in fresh {
            var weights: [UInt8] = []
            after.weights(averageLength: averages.length, averageDescription: averages.description, into: &weights)
            var entry = 0
            for (section, end) in after.sectionEnds.enumerated() {
                while entry < end {
                    let text = after.terms[Int(after.entries[entry].term)]
                    changes[text]!.added.append(Posting(section: starts[position] + section, weight: Int(weights[entry])))
                    entry += 1
                }
            }
        }
        let shift = SectionShift(was.enumerated().compactMap { position, old in old.map { (oldStarts[$0], starts[position] - oldStarts[$0]) } })
        let termCount = state.terms.count
        let (terms, forms, knownTerms) = apply(changes, to: &state, shift: shift)

        // Every document's sections: the changed ones' as counted, the others' from the cache,
        // without their texts, which only the rows of the document files written need: those
        // are read from the cache as they are encoded (`lateText`).
        var failed = false
        let sections = [SearchSection](unsafeUninitializedCapacity: start) { output, initialized in
            let slots = UncheckedSendable(output.baseAddress)
            let failures = Parallel.map(documents.count, minimumChunk: 64) { [frames = state.frames] position -> Bool in
                guard let base = slots.value else { return true }
                guard let old = was[position] else {
                    for (offset, section) in fresh[position]!.sections.enumerated() { (base + starts[position] + offset).initialize(to: section) }
                    return false
                }
                return !SectionFrames.decode(frames[old], count: sectionCounts[position], into: base + starts[position])
            }
            failed = failures.contains(true)
            initialized = start
        }
        guard !failed else { return nil }
        let sources = sectionSources(keys: keys, sectionCounts: sectionCounts)
        // A section's text from the counts kept under its document's key (made from the
        // document's content: the text it has, whichever build kept them); the changed
        // documents' counts are not kept yet, and their sections hold their texts.
        var located: [SearchIndexCache.Key: SearchIndexCache.Location] = [:]
        for (key, location) in zip(state.documents, state.locations) { located[key] = location }
        let changedKeys = Set(added.map { keys[$0] })
        let recentTexts = RecentDocumentTexts()
        let lateText: SearchIndexEncoder.LateText = { [kept = state.extras, sources, located] position in
            guard let source = sources[position], !changedKeys.contains(source.document) else { return nil }
            let texts = recentTexts.texts(of: source.document) {
                (kept[source.document]?[...] ?? counts.record(at: located[source.document], key: source.document))
                    .flatMap { SearchIndexCache.sections($0)?.map(\.text) }
            }
            guard let texts, source.ordinal < texts.count else {
                // A record gone or damaged since the state was written: this index is not
                // published (`buildAndWrite` builds it anew from every document).
                textFailure.set()
                return nil
            }
            return texts[source.ordinal]
        }
        let (index, pieces) = layOut(sections: sections, terms: terms, words: words, targets: targets, sources: sources,
                                     known: reuse.rows, knownTerms: knownTerms, lateText: lateText)
        // The counts the counts file lacks: the added documents', and the extras still used.
        let numbers = Dictionary(uniqueKeysWithValues: added.enumerated().map { ($1, $0) })
        var extras: [SearchIndexCache.Key: [UInt8]] = [:]
        var locations: [SearchIndexCache.Location?] = []
        var frames: [ArraySlice<UInt8>] = []
        locations.reserveCapacity(keys.count)
        frames.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() {
            if let old = was[position] {
                locations.append(state.locations[old])
                frames.append(state.frames[old])
                if state.locations[old] == nil { extras[key] = state.extras[key] }
            } else {
                extras[key] = SearchIndexCache.encode(counted[numbers[position]!].counts(withTerms: 0))
                locations.append(nil)
                frames.append(SectionFrames.encode(fresh[position]!.sections[...])[...])
            }
        }
        var next = SearchIndexState(documents: keys, sectionCounts: sectionCounts, frames: frames, totals: totals, terms: terms,
                                    forms: forms, words: words, extras: extras, wordSizes: pieces.wordSizes,
                                    postingsSizes: pieces.postingsSizes)
        next.locations = locations
        // Only a state read from its file has records of its own terms (a patched one holds
        // the records it was patched from).
        next.records = state.records.flatMap { $0.copies.isEmpty && $0.starts.count == termCount + 1 ? $0 : nil }.map { records in
            // A term the patch did not touch, with the sizes it had, is written as the record it was read from.
            let copies = knownTerms.previous.indices.map { position -> Int32 in
                let old = Int(knownTerms.previous[position])
                guard old >= 0, knownTerms.same[position] & SearchIndexEncoder.KnownTerms.untouched != 0,
                      state.wordSizes[old] == pieces.wordSizes[position], state.postingsSizes[old] == pieces.postingsSizes[position]
                else { return -1 }
                return Int32(old)
            }
            return SearchIndexState.Records(payload: records.payload, base: records.base, starts: records.starts, copies: copies)
        }
        var records: [SearchIndexCache.Record]?
        if extras.count > min(extraRecords, max(1, documents.count / 16)) {
            // Read whole once (checked whole), not a record at a time.
            _ = counts.cache
            var all: [SearchIndexCache.Record] = []
            all.reserveCapacity(keys.count)
            for (position, key) in keys.enumerated() {
                guard let payload = extras[key]?[...] ?? counts.record(at: locations[position], key: key) else { return nil }
                all.append((key, .init(source: .previous(payload))))
            }
            records = all
            next.extras = [:]
        }
        return Patched(index: index, pieces: pieces, recounted: added.count, sources: sources, state: next, records: records,
                       knownTerms: knownTerms, before: state.files)
    }

    /// `postings` (sorted by section) without those in the `removed` sections, with `added`, sorted
    /// by section. One changed document (the usual rebuild) removes one run of sections and adds
    /// postings within it in section order: its postings go in where the run's were, found by
    /// binary search (filtering the postings of the commonest terms, tens of thousands each,
    /// posting by posting, was most of patching the terms).
    static func replaced(_ postings: [Posting], removing removed: [Range<Int>], adding added: [Posting]) -> [Posting] {
        if removed.count == 1, let run = removed.first,
           added.allSatisfy({ run.contains($0.section) }), zip(added, added.dropFirst()).allSatisfy({ $0.section < $1.section }) {
            func firstAtOrAfter(_ section: Int) -> Int {
                var low = 0, high = postings.count
                while low < high {
                    let middle = (low + high) / 2
                    if postings[middle].section < section { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let start = firstAtOrAfter(run.lowerBound), end = firstAtOrAfter(run.upperBound)
            var result: [Posting] = []
            result.reserveCapacity(postings.count - (end - start) + added.count)
            result += postings[..<start]
            result += added
            result += postings[end...]
            return result
        }
        var result = postings.filter { posting in !removed.contains { $0.contains(posting.section) } }
        result += added
        result.sort { $0.section < $1.section }
        return result
    }

    /// `postings` (sorted by section, numbered as in the last build) without those in the
    /// `removed` sections, the others numbered as in this build (`shift`), with `added` (numbered
    /// as in this build), sorted by section.
    static func replaced(_ postings: [Posting], removing removed: [Range<Int>], moving shift: SectionShift,
                         adding added: [Posting]) -> [Posting] {
        var result: [Posting] = []
        result.reserveCapacity(postings.count + added.count)
        for posting in postings where !removed.contains(where: { $0.contains(posting.section) }) {
            result.append(Posting(section: shift(posting.section), weight: posting.weight))
        }
        result += added
        result.sort { $0.section < $1.section }
        return result
    }

    /// Whether a section's text could not be read from the previous counts while the files were
    /// encoded (set from any core).
    final class TextFailure: @unchecked Sendable {
        private let lock = NSLock()
        private var failed = false
        func set() { lock.withLock { failed = true } }
        var isSet: Bool { lock.withLock { failed } }
    }

    /// What the changed documents do to one term.
    struct TermChange {
        /// The sections whose old postings go.
        var removed: [Range<Int>] = []
        /// The new postings, by section.
        var added: [Posting] = []
        var own = 0
        var others: [String: Int] = [:]
    }

    /// The terms of `state` with `changes` made: postings in the changed sections replaced,
    /// written forms summed, terms left with no postings dropped and new ones put in their place
    /// in UTF-16 order; and what of each term is as it was in `state` (`SearchIndexEncoder.KnownTerms`).
    /// The state's terms and forms are changed in place and moved out (`state.terms` and
    /// `state.forms` are left empty): copying the half a million terms retained and released each.
    static func apply(_ changes: [String: TermChange], to state: inout SearchIndexState, shift: SectionShift = SectionShift([]))
        -> (terms: [IndexedTerm], forms: [SearchIndexState.Forms], known: SearchIndexEncoder.KnownTerms) {
        let changed = changes.keys.sorted(by: String.utf16Precedes)
        var terms: [IndexedTerm] = []
        var forms: [SearchIndexState.Forms] = []
        swap(&terms, &state.terms)
        swap(&forms, &state.forms)
        let count = terms.count
        // Read first: where each changed term is (or goes), and what it becomes.
        var replaced: [(position: Int, term: IndexedTerm, forms: SearchIndexState.Forms, kept: UInt8)] = []
        var removed: [Int] = []
        var inserted: [(before: Int, term: IndexedTerm, forms: SearchIndexState.Forms)] = []
        var next = 0
        for text in changed {
            var low = next, high = count
            while low < high {
                let middle = (low + high) / 2
                if String.utf16Precedes(terms[middle].term, text) { low = middle + 1 } else { high = middle }
            }
            next = low
            var term = IndexedTerm(term: text, postings: [])
            var written = SearchIndexState.Forms()
            var old: Int?
            if next < count, terms[next].term == text {
                term = terms[next]
                written = forms[next]
                old = next
                next += 1
            }
            let before = term
            let beforePostings = term.postings
            let change = changes[text]!
            let postings = shift.isIdentity ? Self.replaced(beforePostings, removing: change.removed, adding: change.added)
                : Self.replaced(beforePostings, removing: change.removed, moving: shift, adding: change.added)
            guard !postings.isEmpty else {
                if let old { removed.append(old) }
                continue
            }
            written.own += change.own
            for (form, count) in change.others {
                let sum = written.others[form, default: 0] + count
                written.others[form] = sum > 0 ? sum : nil
            }
            term.postings = postings
            term.display = written.display(of: text)
            guard let old else {
                inserted.append((low, term, written))
                continue
            }
            // Most of a changed document's terms keep their postings' count and size (the
            // weights change, not their number), so their dictionary files stay as they were.
            var kept: UInt8 = 0
            if postings == beforePostings {
                kept |= SearchIndexEncoder.KnownTerms.samePostings | SearchIndexEncoder.KnownTerms.sameEntry
            } else if postings.count == beforePostings.count,
                      SearchIndexEncoder.postingsText(postings).count == state.postingsSizes[old] {
                kept |= SearchIndexEncoder.KnownTerms.sameEntry
            }
            if term.display == before.display { kept |= SearchIndexEncoder.KnownTerms.sameDisplay }
            replaced.append((old, term, written, kept))
        }
        // Then changed in place.
        for item in replaced {
            terms[item.position] = item.term
            forms[item.position] = item.forms
        }
        // Where each insertion goes once the removed terms are gone.
        var gone = 0
        let insertions = inserted.map { item -> Int in
            while gone < removed.count, removed[gone] < item.before { gone += 1 }
            return item.before - gone
        }
        splice(&terms, removing: removed, inserting: zip(insertions, inserted.map(\.term)).map { ($0, $1) })
        splice(&forms, removing: removed, inserting: zip(insertions, inserted.map(\.forms)).map { ($0, $1) })

        // What each term was: unchanged runs between the changed, removed and new terms.
        let unchanged = SearchIndexEncoder.KnownTerms.unchanged | SearchIndexEncoder.KnownTerms.untouched
        var previous: [Int32] = []
        var same: [UInt8] = []
        previous.reserveCapacity(terms.count)
        same.reserveCapacity(terms.count)
        var keptAt: [Int: UInt8] = [:]
        for item in replaced { keptAt[item.position] = item.kept }
        let removedSet = Set(removed)
        var touched = Set(removed)
        touched.formUnion(keptAt.keys)
        var insertAt = 0
        var old = 0
        func copyUnchanged(upTo end: Int) {
            previous += (old..<end).lazy.map { Int32($0) }
            same += repeatElement(unchanged, count: end - old)
            old = end
        }
        // The old positions in order, with the new terms before the old position they were put before.
        let events = (touched.sorted().map { ($0, false) } + inserted.map { ($0.before, true) }).sorted { a, b in
            a.0 != b.0 ? a.0 < b.0 : a.1 && !b.1
        }
        for (position, isNew) in events {
            copyUnchanged(upTo: position)
            if isNew {
                previous.append(-1)
                same.append(0)
                insertAt += 1
            } else {
                if !removedSet.contains(position) {
                    previous.append(Int32(position))
                    same.append(keptAt[position]!)
                }
                old = position + 1
            }
        }
        copyUnchanged(upTo: count)
        precondition(previous.count == terms.count, "the patched terms and what they were agree")
        if !shift.isIdentity, let first = shift.firstMoved {
            // The terms not changed whose postings are in sections that moved: numbered anew
            // (their postings, and so their files and records, are no longer the last build's).
            terms.withUnsafeMutableBufferPointer { terms in
                same.withUnsafeMutableBufferPointer { same in
                    let slots = UncheckedSendable((terms.baseAddress, same.baseAddress))
                    Parallel.forEachChunk(terms.count, minimumChunk: 4096) { range in
                        guard let terms = slots.value.0, let same = slots.value.1 else { return }
                        for position in range where same[position] == unchanged {
                            guard let last = terms[position].lastSection, last >= first,
                                  let postings = shift.moved(terms[position].postings) else { continue }
                            terms[position].postings = postings
                            same[position] = SearchIndexEncoder.KnownTerms.sameDisplay
                        }
                    }
                }
            }
        }
        return (terms, forms, SearchIndexEncoder.KnownTerms(previous: previous, same: same, wordSizes: state.wordSizes,
                                                            postingsSizes: state.postingsSizes))
    }

    /// `array` without the elements at `removing` (ascending positions), then with each of
    /// `inserting` (ascending positions of the array without those removed; in order) put
    /// before the element at its position. Elements are moved by swapping, never copied: for
    /// the state's half a million terms, a copy retained and released each.
    static func splice<Element>(_ array: inout [Element], removing: [Int], inserting: [(Int, Element)]) {
        if let first = removing.first {
            array.withUnsafeMutableBufferPointer { buffer in
                var write = first, next = 0
                for read in first..<buffer.count {
                    if next < removing.count, removing[next] == read {
                        next += 1
                        continue
                    }
                    buffer.swapAt(write, read)
                    write += 1
                }
            }
            array.removeLast(removing.count)
        }
        guard let filler = inserting.first?.1 else { return }
        let before = array.count
        array.append(contentsOf: repeatElement(filler, count: inserting.count))
        array.withUnsafeMutableBufferPointer { buffer in
            var read = before - 1, write = buffer.count - 1
            for (position, element) in inserting.reversed() {
                while read >= position {
                    buffer.swapAt(write, read)
                    write -= 1
                    read -= 1
                }
                buffer[write] = element
                write -= 1
            }
        }
    }
}

/// The section texts of the documents whose rows a patch's document files were last asked for,
/// each document's record read, checked and decoded once: a file's rows come a document at a
/// time, in order, on the thread that writes the file. Reading and decoding the document's whole
/// record for every one of its rows made a document of n sections cost n records (a rebuild of
/// agentic-awesome-skills after one changed paragraph took 2.7 s instead of 0.5 when the files
/// it wrote held the rows of long documents).
final class RecentDocumentTexts: @unchecked Sendable {
    private let lock = NSLock()
    /// The last documents asked for, oldest first: enough for every thread that writes files.
    private var recent: [(document: SearchIndexCache.Key, texts: [String]?)] = []
    private let capacity = max(8, 2 * Parallel.cores)

    /// The texts of `document`'s sections (`nil` when its record is gone or damaged), made by
    /// `make` unless they are among the last documents asked for.
    func texts(of document: SearchIndexCache.Key, make: () -> [String]?) -> [String]? {
        if let known = lock.withLock({ recent.last { $0.document == document } }) { return known.texts }
        let made = make()
        lock.withLock {
            if recent.count == capacity { recent.removeFirst() }
            recent.append((document, made))
        }
        return made
    }
}
