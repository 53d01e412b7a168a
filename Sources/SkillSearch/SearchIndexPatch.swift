import Foundation
import SkillParser

/// A rebuild's index made by patching the previous build's (`SearchIndexState`) with the
/// documents that changed: their old counts (from the build cache) come out of the postings,
/// totals, written forms and words of the texts, their new counts go in, and the other
/// documents' counts are not decoded. Their weights stay as they were because the averages the
/// weights divide by are rounded (`SearchRanking.averageLength`); when the change moves an average to another step, or
/// changes the documents or a document's number of sections (which renumbers the sections after
/// it), the index is assembled from every document's counts instead. Either way the terms are
/// the ones a full build assembles, and the files are laid out from them by the same code
/// (`SearchIndexBuilder.layOut`).
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
        guard let state = reuse.state, state.documents.count == documents.count, !documents.isEmpty else { return nil }
        var keys: [SearchIndexCache.Key] = []
        keys.reserveCapacity(documents.count)
        for document in documents {
            guard let key = reuse.keys[document.path] else { return nil }
            keys.append(key)
        }
        let changed = keys.indices.filter { keys[$0] != state.documents[$0] }
        guard changed.count <= max(1, documents.count / patchedShare),
              state.locations.count == documents.count, state.frames.count == documents.count else { return nil }
        // Every unchanged document's counts are kept somewhere: in the counts file (where the
        // state says) or in the state's extras.
        for position in keys.indices where state.locations[position] == nil && state.extras[keys[position]] == nil {
            guard changed.contains(position) else { return nil }
        }
        // A document's counts as the counts file (read at the place the state keeps, checked
        // against the digest kept there) or the state's extras hold them.
        let counts = reuse.counts
        guard counts.isIntact else { return nil }
        func payload(_ position: Int) -> ArraySlice<UInt8>? {
            let key = state.documents[position]
            return state.extras[key]?[...] ?? counts.record(at: state.locations[position], key: key)
        }
        // The old counts of each changed document, and its new ones.
        let old = changed.map { payload($0).flatMap(SearchIndexCache.decode) }
        let counted = Parallel.map(changed) { position -> CountedBatch in
            var batch = CountedBatch()
            batch.add(documents[position], skill: graph.skill(of: documents[position]))
            batch.finish()
            return batch
        }
        var totals = state.totals
        var words = state.words
        var changes: [String: TermChange] = [:]
        var starts: [Int] = []
        starts.reserveCapacity(documents.count)
        var start = 0
        for count in state.sectionCounts {
            starts.append(start)
            start += count
        }
        var fresh: [Int: DocumentCounts] = [:]
        for (number, position) in changed.enumerated() {
            guard let before = old[number], before.sections.count == state.sectionCounts[position] else { return nil }
            let after = counted[number].counts(withTerms: 0)
            guard after.sections.count == before.sections.count else { return nil }
            totals.add(before, sign: -1)
            totals.add(after)
            for section in before.sections { words.add(section.text, times: -1) }
            for section in after.sections { words.add(section.text, times: 1) }
            let sections = starts[position]..<(starts[position] + before.sections.count)
            for (term, text) in before.terms.enumerated() {
                changes[text, default: TermChange()].removed.append(sections)
                changes[text]!.own -= before.ownForm[term]
            }
            for form in before.otherForms { changes[before.terms[Int(form.term)]]!.others[form.surface, default: 0] -= form.count }
            for (term, text) in after.terms.enumerated() { changes[text, default: TermChange()].own += after.ownForm[term] }
            for form in after.otherForms { changes[after.terms[Int(form.term)]]!.others[form.surface, default: 0] += form.count }
            fresh[position] = after
        }
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
        let (terms, forms, knownTerms) = apply(changes, to: state)

        // Every document's sections: the changed ones' as counted, the others' from the cache,
        // without their texts, which only the rows of the document files written need: those
        // are read from the cache as they are encoded (`lateText`).
        let sectionLists = Parallel.map(documents.count, minimumChunk: 64) { position -> [SearchSection]? in
            if let after = fresh[position] { return after.sections }
            return SectionFrames.decode(state.frames[position]).flatMap { $0.count == state.sectionCounts[position] ? $0 : nil }
        }
        var sections: [SearchSection] = []
        sections.reserveCapacity(totals.sections)
        for list in sectionLists {
            guard let list else { return nil }
            sections += list
        }
        let sources = sectionSources(keys: keys, sectionCounts: state.sectionCounts)
        // A section's text from the counts kept under its document's key (made from the
        // document's content: the text it has, whichever build kept them); the changed
        // documents' counts are not kept yet, and their sections hold their texts.
        var located: [SearchIndexCache.Key: SearchIndexCache.Location] = [:]
        for (key, location) in zip(state.documents, state.locations) { located[key] = location }
        let changedKeys = Set(changed.map { keys[$0] })
        let lateText: SearchIndexEncoder.LateText = { [kept = state.extras, sources, located] position in
            guard let source = sources[position], !changedKeys.contains(source.document) else { return nil }
            guard let payload = kept[source.document]?[...] ?? counts.record(at: located[source.document], key: source.document),
                  let text = SearchIndexCache.text(payload, section: source.ordinal) else {
                // A record gone or damaged since the state was written: this index is not
                // published (`buildAndWrite` builds it anew from every document).
                textFailure.set()
                return nil
            }
            return text
        }
        let (index, pieces) = layOut(sections: sections, terms: terms, words: words, targets: targets, sources: sources,
                                     known: reuse.rows, knownTerms: knownTerms, lateText: lateText)
        // The counts the counts file lacks: the changed documents', and the extras still used.
        let numbers = Dictionary(uniqueKeysWithValues: changed.enumerated().map { ($1, $0) })
        var extras: [SearchIndexCache.Key: [UInt8]] = [:]
        var locations = state.locations
        var frames = state.frames
        for (position, key) in keys.enumerated() {
            if let number = numbers[position] {
                extras[key] = SearchIndexCache.encode(counted[number].counts(withTerms: 0))
                locations[position] = nil
                frames[position] = SectionFrames.encode(fresh[position]!.sections[...])[...]
            } else if state.locations[position] == nil {
                extras[key] = state.extras[key]
            }
        }
        var next = SearchIndexState(documents: keys, sectionCounts: state.sectionCounts, frames: frames, totals: totals, terms: terms,
                                    forms: forms, words: words, extras: extras, wordSizes: pieces.wordSizes,
                                    postingsSizes: pieces.postingsSizes)
        next.locations = locations
        // Only a state read from its file has records of its own terms (a patched one holds
        // the records it was patched from).
        next.records = state.records.flatMap { $0.copies.isEmpty && $0.starts.count == state.terms.count + 1 ? $0 : nil }.map { records in
            // A term the patch did not touch, with the sizes it had, is written as the record it was read from.
            let copies = knownTerms.previous.indices.map { position -> Int32 in
                let old = Int(knownTerms.previous[position])
                guard old >= 0, knownTerms.same[position] & SearchIndexEncoder.KnownTerms.untouched != 0,
                      state.wordSizes[old] == pieces.wordSizes[position], state.postingsSizes[old] == pieces.postingsSizes[position]
                else { return -1 }
                return Int32(old)
            }
            return SearchIndexState.Records(payload: records.payload, starts: records.starts, copies: copies)
        }
        var records: [SearchIndexCache.Record]?
        if extras.count > min(extraRecords, max(1, documents.count / 16)) {
            // Read whole once (checked whole), not a record at a time.
            _ = counts.cache
            var all: [SearchIndexCache.Record] = []
            all.reserveCapacity(keys.count)
            for (position, key) in keys.enumerated() {
                guard let payload = extras[key]?[...] ?? counts.record(at: state.locations[position], key: key) else { return nil }
                all.append((key, .init(source: .previous(payload))))
            }
            records = all
            next.extras = [:]
        }
        return Patched(index: index, pieces: pieces, recounted: changed.count, sources: sources, state: next, records: records,
                       knownTerms: knownTerms, before: state.files)
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
    static func apply(_ changes: [String: TermChange], to state: SearchIndexState)
        -> (terms: [IndexedTerm], forms: [SearchIndexState.Forms], known: SearchIndexEncoder.KnownTerms) {
        let changed = changes.keys.sorted(by: String.utf16Precedes)
        var terms: [IndexedTerm] = []
        var forms: [SearchIndexState.Forms] = []
        var previous: [Int32] = []
        var same: [UInt8] = []
        terms.reserveCapacity(state.terms.count + changed.count)
        forms.reserveCapacity(state.terms.count + changed.count)
        previous.reserveCapacity(state.terms.count + changed.count)
        same.reserveCapacity(state.terms.count + changed.count)
        let unchanged = SearchIndexEncoder.KnownTerms.unchanged | SearchIndexEncoder.KnownTerms.untouched
        var next = 0
        for text in changed {
            // The unchanged terms before this one, as they were.
            var low = next, high = state.terms.count
            while low < high {
                let middle = (low + high) / 2
                if String.utf16Precedes(state.terms[middle].term, text) { low = middle + 1 } else { high = middle }
            }
            terms += state.terms[next..<low]
            forms += state.forms[next..<low]
            previous += (next..<low).lazy.map { Int32($0) }
            same += repeatElement(unchanged, count: low - next)
            next = low
            var term = IndexedTerm(term: text, postings: [])
            var written = SearchIndexState.Forms()
            var old: Int?
            if next < state.terms.count, state.terms[next].term == text {
                term = state.terms[next]
                written = state.forms[next]
                old = next
                next += 1
            }
            let before = term
            let change = changes[text]!
            var postings = term.postings.filter { posting in !change.removed.contains { $0.contains(posting.section) } }
            postings += change.added
            postings.sort { $0.section < $1.section }
            guard !postings.isEmpty else { continue }
            written.own += change.own
            for (form, count) in change.others {
                let sum = written.others[form, default: 0] + count
                written.others[form] = sum > 0 ? sum : nil
            }
            term.postings = postings
            term.display = written.display(of: text)
            terms.append(term)
            forms.append(written)
            previous.append(old.map { Int32($0) } ?? -1)
            // Most of a changed document's terms keep their postings' count and size (the
            // weights change, not their number), so their dictionary files stay as they were.
            var kept: UInt8 = 0
            if let old {
                if term.postings == before.postings {
                    kept |= SearchIndexEncoder.KnownTerms.samePostings | SearchIndexEncoder.KnownTerms.sameEntry
                } else if term.postings.count == before.postings.count,
                          SearchIndexEncoder.postingsText(term.postings).count == state.postingsSizes[old] {
                    kept |= SearchIndexEncoder.KnownTerms.sameEntry
                }
                if term.display == before.display { kept |= SearchIndexEncoder.KnownTerms.sameDisplay }
            }
            same.append(kept)
        }
        terms += state.terms[next...]
        forms += state.forms[next...]
        previous += (next..<state.terms.count).lazy.map { Int32($0) }
        same += repeatElement(unchanged, count: state.terms.count - next)
        return (terms, forms, SearchIndexEncoder.KnownTerms(previous: previous, same: same, wordSizes: state.wordSizes,
                                                            postingsSizes: state.postingsSizes))
    }
}
