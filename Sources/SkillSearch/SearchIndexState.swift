import Foundation
import SkillParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The index as the last build assembled it, kept in the build cache beside the counts
/// (`.OUT.skillbook-cache/index-state`): each document's key and number of sections, in the
/// index's order, the totals the averages are made of, and every term with its postings and
/// written forms. A rebuild patches it with the counts of the documents that changed
/// (`SearchIndexPatch`) instead of decoding every document's counts, numbering their terms,
/// weighing every count and sorting the dictionary again: in a rebuild after one changed
/// reference of agentic-awesome-skills, that assembly was 0.85 of the index step's 1.38 s of
/// processor time (perf samples).
///
/// A `CacheFile` (its key: the program's) whose payload is the number of documents, each
/// document's key (16 bytes), number of sections, where its counts are in the counts file (1,
/// the offset, length and digest of its record's payload, or 0) and its sections without texts
/// (their length, then as `SectionFrames` writes them), the four totals, the number of terms, the
/// number of terms in a run (`termRun`), the number of runs and where each run's records start and the last ends (8 bytes
/// each, little-endian), then per term its text, how often it was written as itself, its other written forms (their number,
/// then each one's text and count), the sizes of its dictionary entry and postings as written,
/// and its postings (their number, then per posting the delta from the previous section and the
/// weight), then the number of words the shared words are chosen from and each one's text and
/// count, then the files (`Files`: the dictionary files' and the postings files' first terms,
/// each a count and the numbers; the dictionary files' names, a count and the strings; their digests and sizes, and
/// the document files', each a count and per file the digest and the size; 1 and the key of what queries read of the entry file, or 0; the number of
/// sample queries and per query its text, the number of its files and their paths, the number
/// of its sections and their numbers), then the
/// number of extra records and each one's key and payload (as in `SearchIndexCache`). Numbers
/// are LEB128, strings their UTF-8 length and bytes. A file that does not parse is ignored whole.
public struct SearchIndexState: Sendable {
    static let kind = CacheFile.Kind(magic: "SKBIXSTA", format: 6, name: "search index state")

    /// What the two averages are made of: sections and their lengths, sections with a
    /// description and the descriptions' lengths.
    struct Totals: Sendable, Equatable {
        var sections = 0
        var length = 0
        var described = 0
        var description = 0

        /// The averages the weights are computed with (`SearchRanking.averageLength`).
        var averages: (length: Double, description: Double) {
            (SearchRanking.averageLength(total: length, count: sections),
             SearchRanking.averageLength(total: description, count: described))
        }

        mutating func add(_ counts: DocumentCounts, sign: Int = 1) {
            sections += sign * counts.lengths.count
            length += sign * counts.lengths.reduce(0, +)
            described += sign * counts.descriptionLengths.count
            description += sign * counts.descriptionLengths.values.reduce(0, +)
        }
    }

    /// How a term was written: as itself, and in other forms that stemming changed, by form.
    struct Forms: Sendable, Equatable {
        var own = 0
        var others: [String: Int] = [:]

        /// The word suggestions show for `term` (`SearchIndexBuilder.displayForm`).
        func display(of term: String) -> String? {
            SearchIndexBuilder.displayForm(of: term, own: own, others: others)
        }
    }

    /// A file's digest, as the site was handed it, and its size.
    struct FileMark: Sendable, Equatable {
        var digest: ContentHash
        var size: Int
    }

    /// A sample query (`SearchIndex.sampleQueries`), the entry, dictionary and postings files
    /// its first search reads, and the sections whose document files it loads
    /// (`SearchEngine.firstQueryReads`).
    struct FirstQuery: Sendable, Equatable {
        var query: String
        var files: [String]
        var sections: [Int]
    }

    /// What the build wrote of the index's files: the terms the dictionary and postings files
    /// begin with, each one's digest and size (a patch hands over the files it leaves unchanged
    /// with these, unencoded: `SearchIndexEncoder.SameFiles`), what a query reads of
    /// the entry file, and the files of the sample first queries (a patch that leaves those and
    /// the dictionary and postings files a query reads unchanged reuses them instead of running
    /// the query).
    struct Files: Sendable, Equatable {
        var dictionaryStarts: [Int] = []
        var postingsStarts: [Int] = []
        /// The dictionary files' names (`SearchIndexLayout.names`).
        var dictionaryNames: [String] = []
        var dictionary: [FileMark] = []
        var postings: [FileMark] = []
        /// The document files' digests (of what they are made of) and sizes, of those with one.
        var documents: [FileMark] = []
        /// What a query reads of the entry file (`SearchIndexEncoder.queryKey`).
        var queryKey: ContentHash?
        var firstQueries: [FirstQuery] = []
    }

    /// Each document's key in the build cache, in the index's order.
    var documents: [ContentHash]
    /// Each document's number of sections.
    var sectionCounts: [Int]
    /// Where each document's counts are in the counts file, with their digest, or `nil` when
    /// they are not there (`extras` has them): a patched rebuild reads only those it needs
    /// (`PreviousCounts`). Not part of what the state is (`==`): the counts are the same
    /// wherever they are kept.
    var locations: [SearchIndexCache.Location?] = []
    /// Each document's sections without their texts (`SectionFrames`): a patched
    /// rebuild takes the unchanged documents' sections from here, not from the counts file.
    var frames: [ArraySlice<UInt8>] = []
    var totals: Totals
    /// Terms in UTF-16 order with their postings and display forms (as the index holds them).
    var terms: [IndexedTerm]
    /// Each term's written forms.
    var forms: [Forms]
    /// The words of every section's text, which the shared words are chosen from.
    var words: TextCodebook.WordCounts
    /// The counts of documents that the counts file (`SearchIndexCache`) lacks, by key, as it
    /// would hold them: those counted by rebuilds that patched the index since the file was last
    /// written. Rewriting the whole file (as large as the collection's text) for each changed
    /// document was a tenth of a patched rebuild's index step; it is rewritten once these grow
    /// past `SearchIndexBuilder.extraRecords`.
    var extras: [ContentHash: [UInt8]] = [:]
    /// Each term's dictionary entry's and postings' sizes in bytes, by position in `terms`
    /// (`SearchIndexEncoder.Pieces`): a patch encodes only the changed terms' pieces.
    var wordSizes: [Int] = []
    var postingsSizes: [Int] = []
    var files = Files()
    /// The payload the state was read from and where each term's record starts there, so that
    /// the next state writes an unchanged term's record as it was: encoding the half a million
    /// records of agentic-awesome-skills was most of writing the state after a patch. Not part of
    /// what the state is (`==`).
    var records: Records?

    /// See `records`.
    struct Records: Sendable {
        var payload: [UInt8]
        /// The whole file the payload was read from, with the delta written since
        /// (`SearchIndexStateDelta`): the next state is written as a delta of the same file.
        var base: SearchIndexStateDelta.Base?
        /// Where each term's record starts in `payload`, and where the last ends.
        var starts: [Int]
        /// For each term of the state being written, the term whose record in `payload` it is
        /// written as, or -1 when it is encoded.
        var copies: [Int32] = []
    }

    /// The state in `file` with the delta written since beside it (`SearchIndexStateDelta`):
    /// `nil` when there is none; throws, saying why, when there is one this program cannot use
    /// (a delta that is not of this file, or damaged, makes the whole state unusable).
    public static func read(_ file: URL, program: ContentHash) throws(CacheDamage) -> SearchIndexState? {
        let delta = try CacheFile.read(SearchIndexStateDelta.location(of: file), kind: SearchIndexStateDelta.kind, key: program)
        // The base is mapped (`CacheFile.withPayload`): with a delta, its bytes are copied once, into the payload the delta makes.
        let read = try CacheFile.withPayload(file, kind: kind, key: program) { base, digest throws(CacheDamage) in
            guard let delta else { return (Array(base), SearchIndexStateDelta.base(count: base.count, digest: digest)) }
            guard let applied = SearchIndexStateDelta.apply(delta, to: base, digest: digest) else {
                throw CacheDamage("its delta is of another state or damaged")
            }
            return applied
        }
        guard let (payload, origin) = read else { return nil }
        guard var state = SearchIndexState(payload: payload) else { throw CacheDamage("its records do not parse") }
        state.records?.base = origin
        return state
    }

    /// Writes the state to `file` under the program's key: as a delta of the file there when the
    /// state was read from it and shares most of its bytes (`SearchIndexStateDelta`), else whole
    /// (and the delta beside it goes). A delta makes at most `deltaUpTo` bytes (by default a
    /// quarter of the file's: `SearchIndexStateDelta`).
    public func write(to file: URL, program: ContentHash, deltaUpTo: Int? = nil) throws {
        let pieces = self.pieces()
        let source = records?.payload ?? []
        if let base = records?.base,
           let delta = SearchIndexStateDelta.payload(pieces, source: source, base: base, madeUpTo: deltaUpTo ?? base.length / 4) {
            try CacheFile.write(to: SearchIndexStateDelta.location(of: file), kind: SearchIndexStateDelta.kind, key: program) { output in
                try output.write(delta)
            }
            return
        }
        try CacheFile.write(to: file, kind: Self.kind, key: program) { output in
            try pieces.forEach { part in
                switch part {
                case .made(let bytes): try output.write(bytes)
                case .copied(let range): try output.write(source[range])
                }
            }
        }
        // Removed after the new file is in place: a build that stops between the two leaves a
        // delta of another state, which is not used.
        unlink(SearchIndexStateDelta.location(of: file).path)
    }

    /// Removes the state in `file` and its delta.
    public static func remove(_ file: URL) {
        unlink(file.path)
        unlink(SearchIndexStateDelta.location(of: file).path)
    }

    func payload(termRun: Int = Self.termRun) -> [UInt8] {
        pieces(termRun: termRun).joined(source: records?.payload ?? [])
    }

    /// The payload as the bytes made here and the ranges of the payload the state was read from
    /// that it keeps: the records of the terms a patch left alone (`Records.copies`) and the
    /// sections of the documents it kept (`frames` that are slices of that payload).
    func pieces(termRun: Int = Self.termRun) -> Pieces {
        var output = Pieces()
        let copies = records.flatMap { $0.copies.count == terms.count ? $0 : nil }
        // About three bytes a posting: without room made first, the array grew by doubling
        // (records copied take none).
        output.made.bytes.reserveCapacity(terms.indices.reduce(0) { total, position in
            copies.map { $0.copies[position] >= 0 } == true ? total : total + 16 + 3 * terms[position].postingCount
        } + 64 * documents.count)
        output.made.number(documents.count)
        let source = records?.payload ?? []
        for (position, (key, count)) in zip(documents, sectionCounts).enumerated() {
            output.made.key(key)
            output.made.number(count)
            if position < locations.count, let location = locations[position] {
                output.made.number(1)
                output.made.number(location.offset)
                output.made.number(location.length)
                output.made.key(location.digest)
            } else {
                output.made.number(0)
            }
            let frame = position < frames.count ? frames[position] : []
            output.made.number(frame.count)
            if Self.isSlice(frame, of: source) {
                output.copy(frame.indices)
            } else {
                output.made.bytes += frame
            }
        }
        for total in [totals.sections, totals.length, totals.described, totals.description] { output.made.number(total) }
        output.made.number(terms.count)
        // Where each run of `termRun` records starts, and where the last ends (filled in below).
        let termRun = max(1, termRun)
        let runCount = (terms.count + termRun - 1) / termRun
        output.made.number(termRun)
        output.made.number(runCount)
        let table = output.made.bytes.count
        output.made.bytes.append(contentsOf: repeatElement(0, count: 8 * (runCount + 1)))
        var runStarts: [Int] = []
        for (position, (term, forms)) in zip(terms, forms).enumerated() {
            if position % termRun == 0 { runStarts.append(output.count) }
            // Records copied join the copy before them when they follow it (most do).
            if let copies, case let old = Int(copies.copies[position]), old >= 0 {
                output.copy(copies.starts[old]..<copies.starts[old + 1])
                continue
            }
            output.made.string(term.term)
            output.made.number(forms.own)
            output.made.number(forms.others.count)
            for form in forms.others.keys.sorted(by: String.utf16Precedes) {
                output.made.string(form)
                output.made.number(forms.others[form]!)
            }
            output.made.number(wordSizes[position])
            output.made.number(postingsSizes[position])
            output.made.number(term.postings.count)
            Self.append(term.postings, to: &output.made.bytes)
        }
        runStarts.append(output.count)
        for (number, start) in runStarts.enumerated() {
            withUnsafeBytes(of: UInt64(start).littleEndian) { bytes in
                for (offset, byte) in bytes.enumerated() { output.made.bytes[table + 8 * number + offset] = byte }
            }
        }
        let present = words.counts.indices.filter { words.counts[$0] > 0 }
        output.made.number(present.count)
        for number in present {
            words.words.withKey(number) { word in
                output.made.number(word.count)
                output.made.bytes += word
            }
            output.made.number(words.counts[number])
        }
        for starts in [files.dictionaryStarts, files.postingsStarts] {
            output.made.number(starts.count)
            for start in starts { output.made.number(start) }
        }
        output.made.number(files.dictionaryNames.count)
        for name in files.dictionaryNames { output.made.string(name) }
        for marks in [files.dictionary, files.postings, files.documents] {
            output.made.number(marks.count)
            for mark in marks {
                output.made.key(mark.digest)
                output.made.number(mark.size)
            }
        }
        output.made.number(files.queryKey == nil ? 0 : 1)
        if let key = files.queryKey { output.made.key(key) }
        output.made.number(files.firstQueries.count)
        for query in files.firstQueries {
            output.made.string(query.query)
            output.made.number(query.files.count)
            for file in query.files { output.made.string(file) }
            output.made.number(query.sections.count)
            for section in query.sections { output.made.number(section) }
        }
        output.made.number(extras.count)
        for key in extras.keys.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) {
            output.made.key(key)
            output.made.number(extras[key]!.count)
            output.made.bytes += extras[key]!
        }
        return output
    }

    /// Whether `slice` is the bytes of `payload` at its indices (the same memory: a document's
    /// sections as they were read, kept by a patch).
    private static func isSlice(_ slice: ArraySlice<UInt8>, of payload: [UInt8]) -> Bool {
        guard !slice.isEmpty, slice.startIndex >= 0, slice.endIndex <= payload.count else { return false }
        return slice.withUnsafeBufferPointer { part in
            payload.withUnsafeBufferPointer { whole in part.baseAddress == whole.baseAddress.map { $0 + slice.startIndex } }
        }
    }

    /// The state in `payload`, or `nil` when it does not parse.
    init?(payload data: [UInt8]) {
        var reader = CacheReader(data)
        guard let documentCount = reader.number(), documentCount <= data.count else { return nil }
        documents = []
        sectionCounts = []
        documents.reserveCapacity(documentCount)
        sectionCounts.reserveCapacity(documentCount)
        locations.reserveCapacity(documentCount)
        frames.reserveCapacity(documentCount)
        for _ in 0..<documentCount {
            guard let key = reader.key(), let count = reader.number(), let located = reader.number(), located <= 1 else { return nil }
            documents.append(key)
            sectionCounts.append(count)
            if located == 1 {
                guard let offset = reader.number(), let length = reader.number(), let digest = reader.key() else { return nil }
                locations.append(SearchIndexCache.Location(offset: offset, length: length, digest: digest))
            } else {
                locations.append(nil)
            }
            guard let length = reader.number(), let frame = reader.bytes(length) else { return nil }
            frames.append(frame)
        }
        guard let sections = reader.number(), let length = reader.number(), let described = reader.number(),
              let description = reader.number(), let termCount = reader.number(), termCount <= data.count else { return nil }
        totals = Totals(sections: sections, length: length, described: described, description: description)
        // The term records are read a run at a time on all cores (their decoding was most of
        // reading the state, which a patched rebuild waits for), the rest of the payload on a
        // thread of its own meanwhile.
        guard let termRun = reader.number(), termRun > 0, termRun <= 1 << 32,
              let runCount = reader.number(), runCount == (termCount + termRun - 1) / termRun,
              let table = reader.bytes(8 * (runCount + 1)) else { return nil }
        let runStarts = (0...runCount).map { number in
            table.withUnsafeBytes { Int(truncatingIfNeeded: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8 * number, as: UInt64.self))) }
        }
        guard runStarts.first == reader.offset, zip(runStarts, runStarts.dropFirst()).allSatisfy({ $0 <= $1 }),
              let termsEnd = runStarts.last, termsEnd <= data.count else { return nil }
        // The rest of the payload, read on a thread of its own meanwhile.
        let tail = BackgroundStep { [sections] in Self.tail(data, from: termsEnd, termCount: termCount, totalSections: sections) }
        // Each run's records are decoded straight into their place in the arrays: joining
        // arrays made per run copied (retained, then released) every term a second time.
        var recordStarts = [Int](repeating: 0, count: termCount + 1)
        var wordSizes = [Int](repeating: 0, count: termCount)
        var postingsSizes = [Int](repeating: 0, count: termCount)
        var runFailed = [Bool](repeating: false, count: runCount)
        let source = data.count <= Int(UInt32.max) ? (0..<runCount).map { _ in PostingsSource(data) } : nil
        let (terms, forms) = recordStarts.withUnsafeMutableBufferPointer { starts in
            wordSizes.withUnsafeMutableBufferPointer { wordSizes in
                postingsSizes.withUnsafeMutableBufferPointer { postingsSizes in
                    runFailed.withUnsafeMutableBufferPointer { runFailed in
                        let numbers = UncheckedSendable((starts.baseAddress!, wordSizes.baseAddress!, postingsSizes.baseAddress!,
                                                         runFailed.baseAddress!))
                        var forms: [Forms] = []
                        let terms = [IndexedTerm](unsafeUninitializedCapacity: termCount) { terms, initialized in
                            forms = [Forms](unsafeUninitializedCapacity: termCount) { forms, formsInitialized in
                                let slots = UncheckedSendable((terms.baseAddress!, forms.baseAddress!))
                                Parallel.forEachChunk(runCount, minimumChunk: 1) { runs in
                                    for number in runs {
                                        let first = number * termRun
                                        let output = TermSlots(terms: slots.value.0 + first, forms: slots.value.1 + first,
                                                               starts: numbers.value.0 + first, wordSizes: numbers.value.1 + first,
                                                               postingsSizes: numbers.value.2 + first)
                                        let parsed = Self.termRecords(data[runStarts[number]..<runStarts[number + 1]],
                                                                      count: min(termRun, termCount - first),
                                                                      source: source?[number], into: output)
                                        if !parsed { numbers.value.3[number] = true }
                                    }
                                }
                                formsInitialized = termCount
                            }
                            initialized = termCount
                        }
                        return (terms, forms)
                    }
                }
            }
        }
        guard !runFailed.contains(true) else { return nil }
        (self.terms, self.forms, self.wordSizes, self.postingsSizes) = (terms, forms, wordSizes, postingsSizes)
        recordStarts[termCount] = termsEnd
        records = Records(payload: data, starts: recordStarts)
        guard let tail = (try? tail.wait()) ?? nil else { return nil }
        (words, files, extras) = (tail.words, tail.files, tail.extras)
    }

    /// What the payload holds after the term records (from `offset`): the words the shared
    /// words are chosen from, the files and the extra records; `nil` when it does not parse.
    private static func tail(_ data: [UInt8], from offset: Int, termCount: Int, totalSections: Int)
        -> (words: TextCodebook.WordCounts, files: Files, extras: [ContentHash: [UInt8]])? {
        var reader = CacheReader(data)
        reader.offset = offset
        var files = Files()
        var extras: [ContentHash: [UInt8]] = [:]
        guard let wordCount = reader.number(), wordCount <= data.count else { return nil }
        var words = TextCodebook.WordCounts()
        for _ in 0..<wordCount {
            guard let length = reader.number(), let word = reader.bytes(length), let count = reader.number() else { return nil }
            word.withUnsafeBufferPointer { words.add($0, count: count) }
        }
        var starts: [[Int]] = []
        for _ in 0..<2 {
            guard let count = reader.number(), count <= data.count else { return nil }
            var list: [Int] = []
            list.reserveCapacity(count)
            for _ in 0..<count {
                guard let start = reader.number(), start < termCount, list.last.map({ $0 < start }) ?? true else { return nil }
                list.append(start)
            }
            starts.append(list)
        }
        files.dictionaryStarts = starts[0]
        files.postingsStarts = starts[1]
        guard let nameCount = reader.number(), nameCount == files.dictionaryStarts.count else { return nil }
        for _ in 0..<nameCount {
            guard let name = reader.string() else { return nil }
            files.dictionaryNames.append(name)
        }
        var marks: [[FileMark]] = []
        for _ in 0..<3 {
            guard let count = reader.number(), count <= data.count else { return nil }
            var list: [FileMark] = []
            for _ in 0..<count {
                guard let digest = reader.key(), let size = reader.number() else { return nil }
                list.append(FileMark(digest: digest, size: size))
            }
            marks.append(list)
        }
        guard marks[0].count == files.dictionaryStarts.count, marks[1].count == files.postingsStarts.count,
              files.dictionaryStarts.first ?? 0 == 0, files.postingsStarts.first ?? 0 == 0 else { return nil }
        files.dictionary = marks[0]
        files.postings = marks[1]
        files.documents = marks[2]
        guard let hasKey = reader.number(), hasKey <= 1 else { return nil }
        if hasKey == 1 {
            guard let key = reader.key() else { return nil }
            files.queryKey = key
        }
        guard let queryCount = reader.number(), queryCount <= data.count else { return nil }
        for _ in 0..<queryCount {
            guard let query = reader.string(), let count = reader.number(), count <= data.count else { return nil }
            var list: [String] = []
            for _ in 0..<count {
                guard let file = reader.string() else { return nil }
                list.append(file)
            }
            guard let sectionCount = reader.number(), sectionCount <= totalSections else { return nil }
            var sections: [Int] = []
            for _ in 0..<sectionCount {
                guard let section = reader.number(), section < totalSections else { return nil }
                sections.append(section)
            }
            files.firstQueries.append(FirstQuery(query: query, files: list, sections: sections))
        }
        guard let extraCount = reader.number(), extraCount <= data.count else { return nil }
        for _ in 0..<extraCount {
            guard let key = reader.key(), let length = reader.number(), let payload = reader.bytes(length) else { return nil }
            extras[key] = Array(payload)
        }
        guard reader.atEnd else { return nil }
        return (words, files, extras)
    }

    /// Term records are written in runs of this many (`termRecords` reads a run; the payload says how many).
    static let termRun = 1 << 16

    /// Where a run's term records go (`termRecords`): each pointer at the run's first term.
    private struct TermSlots {
        var terms: UnsafeMutablePointer<IndexedTerm>
        var forms: UnsafeMutablePointer<Forms>
        var starts: UnsafeMutablePointer<Int>
        var wordSizes: UnsafeMutablePointer<Int>
        var postingsSizes: UnsafeMutablePointer<Int>
    }

    /// Decodes the `count` term records that make up `bytes` (a run of them) into `output`,
    /// which it initializes whole (with empty terms after a record that does not parse); `false`
    /// when they do not parse. With `source` (the bytes of the whole payload), the postings are
    /// checked and left encoded there (`EncodedPostings`), not decoded.
    private static func termRecords(_ bytes: ArraySlice<UInt8>, count: Int, source: PostingsSource?, into output: TermSlots) -> Bool {
        var reader = CacheReader(bytes)
        var done = 0
        defer {
            for position in done..<count {
                (output.terms + position).initialize(to: IndexedTerm(term: "", postings: []))
                (output.forms + position).initialize(to: Forms())
            }
        }
        while done < count {
            output.starts[done] = reader.offset
            guard let text = reader.string(), let own = reader.number(), let formCount = reader.number(),
                  formCount <= bytes.count else { return false }
            var kept = Forms(own: own)
            for _ in 0..<formCount {
                guard let form = reader.string(), let count = reader.number() else { return false }
                kept.others[form] = count
            }
            guard let wordSize = reader.number(), let postingsSize = reader.number() else { return false }
            guard let postingCount = reader.number(), postingCount <= bytes.count else { return false }
            let term: IndexedTerm
            if let source {
                let offset = reader.offset
                guard Self.skipPostings(postingCount, in: &reader) else { return false }
                term = IndexedTerm(term: text, encoded: EncodedPostings(source: source, offset: UInt32(offset), count: UInt32(postingCount)),
                                   display: kept.display(of: text))
            } else {
                guard let postings = Self.postings(postingCount, from: &reader) else { return false }
                term = IndexedTerm(term: text, postings: postings, display: kept.display(of: text))
            }
            output.wordSizes[done] = wordSize
            output.postingsSizes[done] = postingsSize
            (output.terms + done).initialize(to: term)
            (output.forms + done).initialize(to: kept)
            done += 1
        }
        return reader.atEnd
    }

    /// Appends `postings` as `payload` lays them out (per posting the delta from the previous
    /// section, LEB128, and the weight), straight into the bytes: a number and an append per
    /// byte for the three and a half million postings of agentic-awesome-skills were most of
    /// making the state's payload, which every rebuild writes.
    private static func append(_ postings: [Posting], to bytes: inout [UInt8]) {
        let start = bytes.count
        // A delta of up to 32 bits takes at most 5 bytes, and the weight one.
        bytes.append(contentsOf: repeatElement(0, count: postings.count * 6))
        let end = bytes.withUnsafeMutableBufferPointer { output in
            var position = start, previous = 0
            for posting in postings {
                var rest = UInt32(posting.section - previous)
                while rest >= 0x80 {
                    output[position] = UInt8(rest & 0x7F) | 0x80
                    rest >>= 7
                    position += 1
                }
                output[position] = UInt8(rest)
                output[position + 1] = UInt8(posting.weight)
                position += 2
                previous = posting.section
            }
            return position
        }
        bytes.removeLast(bytes.count - end)
    }

    /// Moves `reader` past `count` postings (as `payload` writes them), checking that each is a
    /// delta of at most five bytes and a weight below 0x80; `false` when they are not.
    private static func skipPostings(_ count: Int, in reader: inout CacheReader) -> Bool {
        var position = reader.offset - reader.data.startIndex
        // Each posting ends in two bytes below 0x80 (the delta's last and the weight): counted,
        // not decoded. A delta of more than five bytes does not parse (nor does it decode to a
        // section of 32 bits: `EncodedPostings.decoded` stops the sum there).
        let parsed = reader.data.withUnsafeBufferPointer { bytes -> Bool in
            var ends = 2 * count, continued = 0
            while ends > 0 {
                guard position < bytes.count else { return false }
                if bytes[position] < 0x80 {
                    ends -= 1
                    continued = 0
                } else {
                    continued += 1
                    guard continued < 5, ends & 1 == 0 else { return false }
                }
                position += 1
            }
            return true
        }
        guard parsed else { return false }
        reader.offset = reader.data.startIndex + position
        return true
    }

    /// `count` postings read from `reader` (as `payload` writes them), or `nil` when they do not
    /// parse. Read straight from the bytes: through `CacheReader`, one optional per number, the
    /// three and a half million postings of agentic-awesome-skills were most of reading the state.
    private static func postings(_ count: Int, from reader: inout CacheReader) -> [Posting]? {
        var position = reader.offset - reader.data.startIndex
        var failed = false
        let postings = [Posting](unsafeUninitializedCapacity: count) { output, initialized in
            reader.data.withUnsafeBufferPointer { bytes in
                var section = 0
                while initialized < count {
                    guard let delta = EncodedPostings.delta(bytes, at: &position), position < bytes.count,
                          section + delta <= Int(UInt32.max) else { failed = true; return }
                    section += delta
                    (output.baseAddress! + initialized).initialize(to: Posting(section: section, weight: Int(bytes[position])))
                    position += 1
                    initialized += 1
                }
            }
        }
        guard !failed else { return nil }
        reader.offset = reader.data.startIndex + position
        return postings
    }

    /// Whether two states are the same (`records`, how one was read, aside).
    public static func == (lhs: SearchIndexState, rhs: SearchIndexState) -> Bool {
        lhs.documents == rhs.documents && lhs.sectionCounts == rhs.sectionCounts && lhs.frames == rhs.frames && lhs.totals == rhs.totals
            && lhs.terms == rhs.terms && lhs.forms == rhs.forms && lhs.words == rhs.words && lhs.extras == rhs.extras
            && lhs.wordSizes == rhs.wordSizes && lhs.postingsSizes == rhs.postingsSizes && lhs.files == rhs.files
    }

    init(documents: [ContentHash], sectionCounts: [Int], frames: [ArraySlice<UInt8>], totals: Totals, terms: [IndexedTerm],
         forms: [Forms], words: TextCodebook.WordCounts, extras: [ContentHash: [UInt8]] = [:], wordSizes: [Int], postingsSizes: [Int]) {
        self.frames = frames
        self.wordSizes = wordSizes
        self.postingsSizes = postingsSizes
        self.words = words
        self.documents = documents
        self.sectionCounts = sectionCounts
        self.totals = totals
        self.terms = terms
        self.forms = forms
        self.extras = extras
    }
}

extension SearchIndexState: Equatable {}
