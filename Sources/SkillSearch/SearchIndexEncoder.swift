import SkillParser

/// Cuts an index into files and writes each as a JavaScript call with compact arguments:
///
///     search/entry.js     skillbookSearchData("entry",0,{version,sections,terms,dictionary,files,documents,pages,continued,words})
///     search/words.js     skillbookSearchData("words",0,"<shared words, space-separated>")
///     search/t/NAME.js    skillbookSearchData("terms","NAME","<front-coded terms>","<numbers>")
///     search/p/NAME-K.js  skillbookSearchData("postings","NAME-K","<section deltas and weights>")
///     search/d/N.js       skillbookSearchData("docs",N,[[url,title,skill],...],[[page,heading,parent,text(,anchor)],...])
///
/// `dictionary` lists each dictionary file's first term and `files` its name, space-separated
/// (`SearchIndexLayout.names`); postings file K of a dictionary file is the K-th (from 0) that
/// its terms begin.
///
/// Terms are front-coded (a character giving how many UTF-16 units the term shares with the one
/// before, then the rest), followed, when the term has a display form, by `|`, a character giving
/// how many UTF-16 units to drop from the term's end and the units to add, then a space.
/// Postings are section numbers as deltas from the previous one, each followed by the weight as
/// one character (see `CompactNumbers`). A dictionary file gives, per term, its number of
/// sections, the length of its postings and whether they start a new postings file (the first
/// term's start file 0); postings files never span two dictionary files. Texts use `TextCodebook` codes for shared words.
enum SearchIndexEncoder {
    /// The pieces the files are made of, each encoded once: planning sizes the files with them,
    /// and writing joins them. (Encoding every section's text twice, once to size the document
    /// files and once to write them, was a third of the index step's time.)
    struct Pieces: Sendable {
        /// Each term's entry in a dictionary file's word list, front-coded against the term before
        /// (the first of each file is written again, against nothing); `nil` when its size came
        /// from the previous build (`KnownTerms`): it is encoded only if its file is written.
        var words: PieceList
        var wordSizes: [Int] { words.sizes }
        /// Each term's postings, `nil` as for `words`.
        var postings: PieceList
        var postingsSizes: [Int] { postings.sizes }
        /// Each section's document row after its page number: `,heading,parent,text(,anchor)]`;
        /// `nil` when its size came from the build cache (`SearchIndexRowSizes`): it is encoded
        /// only if its file is written.
        var rowTails: PieceList
        /// Each row tail's size in bytes.
        var rowSizes: [Int] { rowTails.sizes }
        /// Each section's key (its document's key and its place there), or `nil` when its
        /// document has none: what a document file's digest is made of.
        var rowKeys: [ContentHash?]
        /// The shared words' codes, and their digest.
        var codes: ByteStringTable
        var codebook: ContentHash
        /// The text of a section the index holds without it (`SearchIndexCache.sections(texts:)`),
        /// by position, or `nil` for a section that holds its own.
        var lateText: LateText?

        /// Section `position`'s text.
        func text(_ position: Int, of sections: [SearchSection]) -> String {
            lateText?(position) ?? sections[position].text
        }
    }

    typealias LateText = @Sendable (_ position: Int) -> String?

    /// Where a section comes from: its document's key in the build cache, its place among the
    /// document's sections and their number.
    struct SectionSource: Sendable {
        var document: ContentHash
        var ordinal: Int
        var count: Int
    }

    /// What a patched index (`SearchIndexPatch`) kept of the previous build's terms, and the
    /// sizes of their pieces then, so that only the changed terms' pieces are encoded and only
    /// the files with changed pieces are written.
    struct KnownTerms: Sendable {
        /// For each term, its position in the previous build's terms, or -1 for a new term.
        var previous: [Int32]
        /// For each term, what is as it was: `samePostings`, `sameEntry`, `sameDisplay`.
        var same: [UInt8]
        /// The previous build's piece sizes, by its positions.
        var wordSizes: [Int]
        var postingsSizes: [Int]

        /// The same postings (so the same postings piece).
        static let samePostings: UInt8 = 1
        /// The same number of postings and size of the postings piece (what a dictionary file
        /// says of them).
        static let sameEntry: UInt8 = 2
        /// The same word shown for the term.
        static let sameDisplay: UInt8 = 4
        static let unchanged: UInt8 = 7
        /// Not touched by the patch at all: its postings and written forms are the previous build's.
        static let untouched: UInt8 = 8

        /// Whether term `position`'s dictionary entry is the one the previous build wrote: the
        /// term shows the same word and follows the term it followed (front coding depends on it).
        func sameWord(_ position: Int) -> Bool {
            let old = previous[position]
            guard old >= 0, same[position] & Self.sameDisplay != 0 else { return false }
            return position == 0 ? old == 0 : previous[position - 1] == old - 1
        }

        /// Whether term `position`'s postings are the ones the previous build wrote.
        func samePostingsPiece(_ position: Int) -> Bool {
            previous[position] >= 0 && same[position] & Self.samePostings != 0
        }
    }

    /// The pieces of an index. `sources` (empty, or one per section) and `known` (the row sizes
    /// a previous build measured) spare encoding the rows of documents whose sizes are known;
    /// `knownTerms`, encoding the terms that a patch did not change.
    static func pieces(terms: [IndexedTerm], sections: [SearchSection], sharedWords: [String],
                       sources: [SectionSource?] = [], known: SearchIndexRowSizes? = nil, knownTerms: KnownTerms? = nil,
                       lateText: LateText? = nil) -> Pieces {
        let words = PieceList(terms.count, run: 4096) { position, output -> Int? in
            if let knownTerms, knownTerms.sameWord(position) { return knownTerms.wordSizes[Int(knownTerms.previous[position])] }
            Self.word(terms[position], after: position > 0 ? terms[position - 1].term : "", into: &output)
            return nil
        }
        let postings = PieceList(terms.count, run: 4096) { position, output -> Int? in
            if let knownTerms, knownTerms.samePostingsPiece(position) {
                return knownTerms.postingsSizes[Int(knownTerms.previous[position])]
            }
            postingsText(terms[position].postings, into: &output)
            return nil
        }
        let codes = codeTable(sharedWords)
        let codebook = codebookDigest(sharedWords)
        let known = known?.codebook == codebook ? known?.sizes ?? [:] : [:]
        let rowKeys = Parallel.map(sections.count, minimumChunk: 256) { position in
            position < sources.count ? sources[position].map(rowKey) : nil
        }
        let rowTails = PieceList(sections.count, run: 256) { position, output -> Int? in
            if position < sources.count, let source = sources[position], let sizes = known[source.document], sizes.count == source.count {
                return sizes[source.ordinal]
            }
            rowTail(sections[position], text: lateText?(position) ?? sections[position].text, codes: codes, into: &output)
            return nil
        }
        return Pieces(words: words, postings: postings, rowTails: rowTails, rowKeys: rowKeys, codes: codes, codebook: codebook,
                      lateText: lateText)
    }

    /// Pieces of bytes, one per item (a term's dictionary entry or postings, a section's row) or
    /// none, kept in one array per run of items encoded together: an array per piece (two per
    /// term of the half a million of agentic-awesome-skills, one per section) was a small
    /// allocation to make, to retain and release when read, and to free with the index.
    struct PieceList: Sendable {
        private var runs: [[UInt8]]
        /// Per item: the run holding its bytes (-1: none) and where they start there.
        private var run: [Int32]
        private var starts: [UInt32]
        /// Each item's size in bytes, encoded or not.
        private(set) var sizes: [Int]
        private let runLength: Int

        /// The pieces of `count` items, encoded on all cores `run` items at a time: `encode`
        /// appends item `position`'s bytes to `output` and returns `nil`, or returns its size
        /// without encoding it (the piece is then `nil`).
        init(_ count: Int, run runLength: Int, _ encode: @Sendable (_ position: Int, _ output: inout [UInt8]) -> Int?) {
            // Each item's start, size and run written in place by the run that encodes it:
            // joined from arrays made per run, they were a third of making the pieces of a
            // patched rebuild, which encodes few of its half a million terms.
            var starts = [UInt32](repeating: 0, count: count)
            var sizes = [Int](repeating: 0, count: count)
            var run = [Int32](repeating: -1, count: count)
            let runs = starts.withUnsafeMutableBufferPointer { starts in
                sizes.withUnsafeMutableBufferPointer { sizes in
                    run.withUnsafeMutableBufferPointer { run in
                        let slots = UncheckedSendable((starts.baseAddress, sizes.baseAddress, run.baseAddress))
                        return Parallel.map(Array(stride(from: 0, to: count, by: runLength))) { first -> [UInt8] in
                            let (starts, sizes, run) = (slots.value.0!, slots.value.1!, slots.value.2!)
                            let number = Int32(first / runLength)
                            var bytes: [UInt8] = []
                            for position in first..<min(count, first + runLength) {
                                let start = bytes.count
                                let known = encode(position, &bytes)
                                starts[position] = UInt32(start)
                                sizes[position] = known ?? bytes.count - start
                                if known == nil { run[position] = number }
                            }
                            return bytes
                        }
                    }
                }
            }
            self.runs = runs
            self.run = run
            self.starts = starts
            self.sizes = sizes
            self.runLength = runLength
        }

        /// Item `position`'s bytes, or `nil` when they were not encoded.
        subscript(position: Int) -> ArraySlice<UInt8>? {
            let number = Int(run[position])
            guard number >= 0 else { return nil }
            let start = Int(starts[position])
            return runs[number][start..<(start + sizes[position])]
        }
    }

    /// The digest of the shared words, which every document row is coded with.
    static func codebookDigest(_ words: [String]) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("search-index shared words")
        hasher.add(words.count)
        for word in words { hasher.add(word) }
        return hasher.finalize()
    }

    static func rowKey(_ source: SectionSource) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add(source.document)
        hasher.add(source.ordinal)
        return hasher.finalize()
    }

    /// The row sizes of every document with a key, for the next build.
    static func rowSizes(_ pieces: Pieces, sources: [SectionSource?]) -> SearchIndexRowSizes {
        var sizes: [ContentHash: [Int]] = [:]
        for (position, source) in sources.enumerated() {
            guard let source else { continue }
            sizes[source.document, default: []].append(pieces.rowSizes[position])
        }
        return SearchIndexRowSizes(codebook: pieces.codebook, sizes: sizes)
    }

    static func plan(terms: [IndexedTerm], pieces: Pieces, targets: SearchIndexLayout.Targets) -> SearchIndexLayout {
        let dictionarySizes = pieces.wordSizes.map { $0 + 6 }
        let postingsSizes = pieces.postingsSizes
        let dictionaryStarts = SearchIndexLayout.cutByContent(dictionarySizes, targetAt: { position in
            terms[position].term.unicodeScalars.first.map(ScriptClasses.isCJK) == true ? targets.pairDictionary : targets.dictionary
        }, marks: { position, size, target in
            SearchIndexLayout.marked(hash: termDigest(terms[position].term), size: size, target: target)
        })
        var postingsStarts: [Int] = []
        for (file, start) in dictionaryStarts.enumerated() {
            let end = file + 1 < dictionaryStarts.count ? dictionaryStarts[file + 1] : terms.count
            postingsStarts += SearchIndexLayout.cut(Array(postingsSizes[start..<end]), target: targets.postings)
                .map { $0 + start }
        }
        // A row's size as written with page number 0, and the comma before it.
        let documentSizes = pieces.rowSizes.map { $0 + 3 }
        return SearchIndexLayout(dictionaryStarts: dictionaryStarts, postingsStarts: postingsStarts,
                                 documentStarts: SearchIndexLayout.cut(documentSizes, target: targets.documents),
                                 dictionaryNames: SearchIndexLayout.names(firstTerms: dictionaryStarts.map { terms[$0].term }))
    }

    /// A digest of a term's UTF-8, spread over 64 bits (`StableHash.string`: FNV-1a, then
    /// SplitMix64's finish): where the dictionary may be cut (`SearchIndexLayout.cutByContent`).
    static func termDigest(_ term: String) -> UInt64 {
        StableHash.string(term)
    }

    /// Every file of the index, by path under `search/`, in a fixed order.
    static func files(_ index: SearchIndex) -> [(path: String, contents: [UInt8])] {
        files(index, pieces: pieces(terms: index.terms, sections: index.sections, sharedWords: index.sharedWords))
    }

    /// Every file of the index, from its pieces.
    static func files(_ index: SearchIndex, pieces: Pieces) -> [(path: String, contents: [UInt8])] {
        let kinds = fileKinds(index.layout)
        return Parallel.map(kinds.count, minimumChunk: 16) { file(kinds[$0], index: index, pieces: pieces) }
    }

    /// What `eachFile` wrote.
    struct Written {
        /// Each file's size by path.
        var sizes: [String: Int]
        /// The dictionary and postings files' digests, for the next patch (`SearchIndexState`).
        var files: SearchIndexState.Files
        /// The dictionary and postings files made of the same pieces as the previous build's of
        /// the same path, which were not encoded.
        var unchanged: Set<String>
    }

    /// Encodes every file of the index on all cores and hands each to `body` as soon as it is
    /// made, so that they are never all held at once; returns each file's size by path. A
    /// document file whose sections all have keys comes with a digest of what it is made of
    /// (the shared words, its number, its sections' keys) and is encoded only if `body` calls
    /// `contents`; so does a dictionary or postings file made of the same terms, unchanged
    /// (`knownTerms`), as the previous build's file of its path (`before`), with that file's
    /// digest. The other dictionary and postings files come with the digest of their bytes,
    /// made; the entry and the shared words with no digest, made.
    static func eachFile(_ index: SearchIndex, pieces: Pieces, knownTerms: KnownTerms? = nil, before: SearchIndexState.Files? = nil,
                         _ body: (_ path: String, _ digest: ContentHash?, _ contents: () -> [UInt8]) throws -> Void) throws
        -> Written {
        let kinds = fileKinds(index.layout)
        let same = knownTerms.flatMap { knownTerms in before.map { SameFiles(index: index, terms: knownTerms, before: $0) } }
        // A document file of the previous build's digest has its size (working out every
        // document file's frame for its size was most of handing over those a patch left alone).
        var documentSizes: [ContentHash: Int] = [:]
        for mark in before?.documents ?? [] { documentSizes[mark.digest] = mark.size }
        let results = Parallel.map(kinds.count, minimumChunk: 16) { position -> Result<(String, Int, ContentHash?, Bool), any Error> in
            let kind = kinds[position]
            switch kind {
            case .documents(let file):
                if let digest = documentsDigest(index, file: file, pieces: pieces) {
                    let path = SearchIndexFiles.documents(file)
                    return Result {
                        try body(path, digest) { documents(index, file: file, pieces: pieces) }
                        return (path, documentSizes[digest] ?? documentsSize(index, file: file, pieces: pieces), digest, false)
                    }
                }
            case .dictionary(let file):
                if let kept = same?.dictionary(file) {
                    let path = index.layout.dictionaryPath(file)
                    return Result {
                        try body(path, kept.digest) { dictionary(index, file: file, pieces: pieces) }
                        return (path, kept.size, kept.digest, true)
                    }
                }
            case .postings(let file):
                if let kept = same?.postings(file) {
                    let path = index.layout.postingsPath(file)
                    return Result {
                        try body(path, kept.digest) { postings(index, file: file, pieces: pieces) }
                        return (path, kept.size, kept.digest, true)
                    }
                }
            case .entry, .words: break
            }
            let (path, contents) = file(kind, index: index, pieces: pieces)
            var digest: ContentHash?
            switch kind {
            case .dictionary, .postings: digest = fileDigest(contents)
            default: break
            }
            return Result { try body(path, digest) { contents }; return (path, contents.count, digest, false) }
        }
        var written = Written(sizes: [:], files: .init(dictionaryStarts: index.layout.dictionaryStarts,
                                                       postingsStarts: index.layout.postingsStarts,
                                                       dictionaryNames: index.layout.dictionaryNames, queryKey: queryKey(index)),
                              unchanged: [])
        for (kind, result) in zip(kinds, results) {
            let (path, size, digest, kept) = try result.get()
            written.sizes[path] = size
            if kept { written.unchanged.insert(path) }
            switch kind {
            case .dictionary: written.files.dictionary.append(.init(digest: digest!, size: size))
            case .postings: written.files.postings.append(.init(digest: digest!, size: size))
            case .documents: if let digest { written.files.documents.append(.init(digest: digest, size: size)) }
            default: break
            }
        }
        return written
    }

    /// The digest of what the sections a query finds depend on besides the dictionary and
    /// postings files it reads (`SearchEngine.firstQueryReads`): the number of sections
    /// (rarity), and the pages and the continued sections (grouping). Not the number of terms
    /// (the browser takes only the last dictionary file's length from it, and a file a query
    /// reads is compared whole), nor the dictionary files' first terms (compared for the files
    /// a query reads: `SearchIndexBuilder.firstQueryFiles`), nor the document files' lengths:
    /// the document files of the sections found are worked out anew.
    static func queryKey(_ index: SearchIndex) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("search-index first query")
        hasher.add(index.sections.count)
        let pages = pageRuns(index.sections)
        hasher.add(pages.count)
        for count in pages { hasher.add(count) }
        for section in index.sections.indices where index.continues(section) { hasher.add(section) }
        return hasher.finalize()
    }

    /// The digest a dictionary or postings file is handed over with: of its bytes.
    static func fileDigest(_ contents: [UInt8]) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("search-index file")
        contents.withUnsafeBytes { hasher.add($0) }
        return hasher.finalize()
    }

    /// Finds the dictionary and postings files that are made of the same pieces as the previous
    /// build's files of the same path: the same run of unchanged terms (the first of a
    /// dictionary file is front-coded against nothing, the others against the same term as
    /// before) in a dictionary file of the same name, and for a dictionary file the same
    /// postings files begun, for a postings file the same place in its dictionary file.
    struct SameFiles {
        let index: SearchIndex
        let terms: KnownTerms
        let before: SearchIndexState.Files

        /// The previous build's file of `starts` (`before.dictionaryStarts` or
        /// `before.postingsStarts`) that began with the term now at `position`, if one did.
        private func previousFile(beginningWith position: Int, starts: [Int]) -> Int? {
            let old = Int(terms.previous[position])
            guard old >= 0, !starts.isEmpty else { return nil }
            let file = SearchIndexLayout.file(of: old, starts: starts)
            return starts[file] == old ? file : nil
        }

        func dictionary(_ file: Int) -> SearchIndexState.FileMark? {
            let range = SearchIndexEncoder.run(file, of: index.layout.dictionaryStarts, total: index.terms.count)
            guard let was = previousFile(beginningWith: range.lowerBound, starts: before.dictionaryStarts),
                  was < before.dictionary.count, was < before.dictionaryNames.count,
                  before.dictionaryNames[was] == index.layout.dictionaryNames[file] else { return nil }
            let old = SearchIndexEncoder.run(was, of: before.dictionaryStarts, total: terms.wordSizes.count)
            let entry = KnownTerms.sameEntry | KnownTerms.sameDisplay
            guard mapsTo(range, old, keeping: entry) else { return nil }
            return samePostingsStarts(range, old) ? before.dictionary[was] : nil
        }

        /// Whether the postings files begun in `range` (of this build's terms) begin at the same
        /// places as those begun in `old` (of the previous build's).
        private func samePostingsStarts(_ range: Range<Int>, _ old: Range<Int>) -> Bool {
            let starts = index.layout.postingsStarts, oldStarts = before.postingsStarts
            guard !starts.isEmpty, !oldStarts.isEmpty else { return false }
            var new = SearchIndexLayout.file(of: range.lowerBound, starts: starts)
            var was = SearchIndexLayout.file(of: old.lowerBound, starts: oldStarts)
            if starts[new] < range.lowerBound { new += 1 }
            if oldStarts[was] < old.lowerBound { was += 1 }
            while new < starts.count, starts[new] < range.upperBound {
                guard was < oldStarts.count, oldStarts[was] - old.lowerBound == starts[new] - range.lowerBound else { return false }
                new += 1
                was += 1
            }
            return was == oldStarts.count || oldStarts[was] >= old.upperBound
        }

        func postings(_ file: Int) -> SearchIndexState.FileMark? {
            let range = SearchIndexEncoder.run(file, of: index.layout.postingsStarts, total: index.terms.count)
            guard let was = previousFile(beginningWith: range.lowerBound, starts: before.postingsStarts),
                  was < before.postings.count else { return nil }
            let old = SearchIndexEncoder.run(was, of: before.postingsStarts, total: terms.postingsSizes.count)
            guard mapsTo(range, old, keeping: KnownTerms.samePostings) else { return nil }
            // The same name: its dictionary file's, and the same place there.
            let place = index.layout.postingsPlace(file)
            let oldDictionary = SearchIndexLayout.file(of: old.lowerBound, starts: before.dictionaryStarts)
            guard oldDictionary < before.dictionaryNames.count,
                  before.dictionaryNames[oldDictionary] == index.layout.dictionaryNames[place.dictionary],
                  was - SearchIndexLayout.file(of: before.dictionaryStarts[oldDictionary], starts: before.postingsStarts) == place.place
            else { return nil }
            return before.postings[was]
        }

        /// Whether the terms of `range` are those of `old` in the previous build, each with what
        /// `kept` names as it was.
        private func mapsTo(_ range: Range<Int>, _ old: Range<Int>, keeping kept: UInt8) -> Bool {
            guard range.count == old.count else { return false }
            var expected = old.lowerBound
            for position in range {
                guard Int(terms.previous[position]) == expected, terms.same[position] & kept == kept else { return false }
                expected += 1
            }
            return true
        }
    }

    enum FileKind { case entry, words, dictionary(Int), postings(Int), documents(Int) }

    /// The files of an index in their fixed order.
    static func fileKinds(_ layout: SearchIndexLayout) -> [FileKind] {
        [.entry, .words] + layout.dictionaryStarts.indices.map { .dictionary($0) }
            + layout.postingsStarts.indices.map { .postings($0) } + layout.documentStarts.indices.map { .documents($0) }
    }

    static func file(_ kind: FileKind, index: SearchIndex, pieces: Pieces) -> (path: String, contents: [UInt8]) {
        switch kind {
        case .entry: (SearchIndexFiles.entry, entry(index))
        case .words: (SearchIndexFiles.words, words(index))
        case .dictionary(let file): (index.layout.dictionaryPath(file), dictionary(index, file: file, pieces: pieces))
        case .postings(let file): (index.layout.postingsPath(file), postings(index, file: file, pieces: pieces))
        case .documents(let file): (SearchIndexFiles.documents(file), documents(index, file: file, pieces: pieces))
        }
    }

    static func entry(_ index: SearchIndex) -> [UInt8] {
        var documentCounts: [UInt8] = []
        for count in runLengths(index.layout.documentStarts, total: index.sections.count) {
            CompactNumbers.append(count, to: &documentCounts)
        }
        var pageCounts: [UInt8] = []
        for count in pageRuns(index.sections) { CompactNumbers.append(count, to: &pageCounts) }
        let firstTerms = index.layout.dictionaryStarts.map { JSText.string(index.terms[$0].term) }
        var object = Array("{\"version\":\(SearchIndex.formatVersion),\"sections\":\(index.sections.count)".utf8)
        object += Array(",\"terms\":\(index.terms.count),\"dictionary\":".utf8) + JSText.array(firstTerms)
        object += Array(",\"files\":".utf8) + JSText.string(index.layout.dictionaryNames.joined(separator: " "))
        object += Array(",\"documents\":".utf8) + JSText.string(String(decoding: documentCounts, as: UTF8.self))
        object += Array(",\"pages\":".utf8) + JSText.string(String(decoding: pageCounts, as: UTF8.self))
        var continued: [UInt8] = []
        var previous = 0
        for section in index.sections.indices where index.continues(section) {
            CompactNumbers.append(section - previous, to: &continued)
            previous = section
        }
        object += Array(",\"continued\":".utf8) + JSText.string(String(decoding: continued, as: UTF8.self))
        object += Array(",\"words\":\(index.sharedWords.count)".utf8)
        object += Array("}".utf8)
        return JSText.call(kind: "entry", number: 0, arguments: [object])
    }

    static func dictionary(_ index: SearchIndex, file: Int, pieces: Pieces) -> [UInt8] {
        let range = run(file, of: index.layout.dictionaryStarts, total: index.terms.count)
        let postingsStarts = Set(index.layout.postingsStarts[SearchIndexLayout.file(of: range.lowerBound, starts: index.layout.postingsStarts)...]
            .prefix { $0 < range.upperBound })
        var words: [UInt8] = [], numbers: [UInt8] = []
        for position in range {
            // A file's first term is front-coded against nothing; the others as planned.
            if position > range.lowerBound, let piece = pieces.words[position] {
                words += piece
            } else {
                word(index.terms[position], after: position == range.lowerBound ? "" : index.terms[position - 1].term, into: &words)
            }
            CompactNumbers.append(index.terms[position].postingCount, to: &numbers)
            CompactNumbers.append(pieces.postingsSizes[position], to: &numbers)
            CompactNumbers.append(postingsStarts.contains(position) ? 1 : 0, to: &numbers)
        }
        return JSText.call(kind: "terms", name: index.layout.dictionaryNames[file], arguments: [
            JSText.string(utf8: words),
            JSText.string(utf8: numbers),
        ])
    }

    static func postings(_ index: SearchIndex, file: Int, pieces: Pieces) -> [UInt8] {
        var text: [UInt8] = []
        for position in run(file, of: index.layout.postingsStarts, total: index.terms.count) {
            if let piece = pieces.postings[position] {
                text += piece
            } else {
                postingsText(index.terms[position].postings, into: &text)
            }
        }
        let place = index.layout.postingsPlace(file)
        return JSText.call(kind: "postings", name: SearchIndexFiles.postingsName(index.layout.dictionaryNames[place.dictionary], place.place),
                           arguments: [JSText.string(utf8: text)])
    }

    static func words(_ index: SearchIndex) -> [UInt8] {
        JSText.call(kind: "words", number: 0, arguments: [JSText.string(index.sharedWords.joined(separator: " "))])
    }

    /// The pages of document file `file` (each written once, as `[url,title,skill]`) and the
    /// page number of each of its sections.
    static func documentsFrame(_ index: SearchIndex, file: Int) -> (sections: Range<Int>, pages: [[UInt8]], pageOfRow: [Int]) {
        let range = run(file, of: index.layout.documentStarts, total: index.sections.count)
        var pages: [[UInt8]] = []
        var pageNumbers: [String: Int] = [:]
        var pageOfRow: [Int] = []
        for position in range {
            let section = index.sections[position]
            // A page's sections come one after another: most rows are on the page of the row
            // before, found without making the key (which was a third of encoding the files
            // of a rebuild that links most of them from the previous site).
            if position > range.lowerBound, let last = pageOfRow.last, case let before = index.sections[position - 1],
               section.page == before.page, section.pageTitle == before.pageTitle, section.skill == before.skill {
                pageOfRow.append(last)
                continue
            }
            let key = section.page + "\n" + section.pageTitle + "\n" + section.skill
            if let known = pageNumbers[key] {
                pageOfRow.append(known)
            } else {
                pageNumbers[key] = pages.count
                pageOfRow.append(pages.count)
                pages.append(JSText.array([JSText.string(section.page), JSText.string(section.pageTitle),
                                           JSText.string(section.skill)]))
            }
        }
        return (range, pages, pageOfRow)
    }

    static func documents(_ index: SearchIndex, file: Int, pieces: Pieces) -> [UInt8] {
        let frame = documentsFrame(index, file: file)
        var sections: [UInt8] = [0x5B]
        for (row, position) in frame.sections.enumerated() {
            if row > 0 { sections.append(0x2C) }
            sections.append(0x5B)
            sections += Array("\(frame.pageOfRow[row])".utf8)
            if let piece = pieces.rowTails[position] {
                sections += piece
            } else {
                rowTail(index.sections[position], text: pieces.text(position, of: index.sections), codes: pieces.codes, into: &sections)
            }
        }
        sections.append(0x5D)
        return JSText.call(kind: "docs", number: file, arguments: [JSText.array(frame.pages), sections])
    }

    /// The size of `documents(index, file:, pieces:)`, from the rows' sizes.
    static func documentsSize(_ index: SearchIndex, file: Int, pieces: Pieces) -> Int {
        let frame = documentsFrame(index, file: file)
        var size = JSText.call(kind: "docs", number: file, arguments: [JSText.array(frame.pages), []]).count + 2
        for (row, position) in frame.sections.enumerated() {
            size += (row > 0 ? 1 : 0) + 1 + "\(frame.pageOfRow[row])".utf8.count + pieces.rowSizes[position]
        }
        return size
    }

    /// The digest of what document file `file` is made of, or `nil` when a section of it has no key.
    static func documentsDigest(_ index: SearchIndex, file: Int, pieces: Pieces) -> ContentHash? {
        var hasher = ContentHasher()
        hasher.add("search-index documents file")
        hasher.add(pieces.codebook)
        hasher.add(file)
        let range = run(file, of: index.layout.documentStarts, total: index.sections.count)
        hasher.add(range.count)
        for position in range {
            guard let key = pieces.rowKeys[position] else { return nil }
            hasher.add(key)
        }
        return hasher.finalize()
    }

    /// A section's row after `[page`: the rest of `[page, heading, parent, text]`, with the anchor
    /// as a fifth item when it is not the one a browser derives from an ASCII heading (lower case;
    /// letters, digits, spaces, `-`, `_`; spaces become `-`).
    static func rowTail(_ section: SearchSection, text: String, codes: ByteStringTable, into row: inout [UInt8]) {
        row.append(0x2C)
        JSText.string(section.heading, into: &row)
        row.append(0x2C)
        JSText.string(section.parentHeading, into: &row)
        row.append(0x2C)
        row.append(0x22)
        TextCodebook.encode(text, codes: codes, escapedInto: &row)
        row.append(0x22)
        if section.anchor != derivedAnchor(section.heading) {
            row.append(0x2C)
            JSText.string(section.anchor, into: &row)
        }
        row.append(0x5D)
    }

    /// The anchor a browser derives for a heading, or `nil` when it leaves that to the index.
    static func derivedAnchor(_ heading: String) -> String? {
        heading.utf8.allSatisfy({ $0 < 0x80 }) ? Slugger.baseSlug(heading) : nil
    }

    static func codeTable(_ words: [String]) -> ByteStringTable {
        TextCodebook.codes(words)
    }

    // MARK: Pieces

    static func postingsText(_ postings: [Posting]) -> [UInt8] {
        var text: [UInt8] = []
        postingsText(postings, into: &text)
        return text
    }

    /// Appends the postings' text (`CompactNumbers` section deltas, each followed by the weight's
    /// digit), written straight into room made for the most it can take: appended a character at
    /// a time, the three and a half million postings of agentic-awesome-skills were most of
    /// encoding them.
    static func postingsText(_ postings: [Posting], into text: inout [UInt8]) {
        let start = text.count
        // A delta of up to 35 bits takes at most 7 characters, and the weight one.
        text.append(contentsOf: repeatElement(0, count: postings.count * 8))
        let end = text.withUnsafeMutableBufferPointer { output in
            CompactNumbers.alphabet.withUnsafeBufferPointer { alphabet in
                var position = start, previous = 0
                for posting in postings {
                    var rest = posting.section - previous
                    precondition(rest >= 0 && rest < 1 << 35, "postings are in section order")
                    while rest >= 32 {
                        output[position] = alphabet[(rest & 31) | 32]
                        rest >>= 5
                        position += 1
                    }
                    output[position] = alphabet[rest]
                    output[position + 1] = alphabet[posting.weight]
                    position += 2
                    previous = posting.section
                }
                return position
            }
        }
        text.removeLast(text.count - end)
    }

    /// Appends a term's entry in a dictionary file's word list.
    static func word(_ term: IndexedTerm, after previous: String, into text: inout [UInt8]) {
        frontCoded(term.term, after: previous, into: &text)
        if let display = term.display {
            let (drop, add) = difference(from: term.term, to: display)
            text += [0x7C, CompactNumbers.digit(drop)] + add
        }
        text.append(0x20)
    }

    /// The term as the length of the prefix it shares with `previous` (in UTF-16 units, whole
    /// characters only, at most 63) and the rest of it.
    static func frontCoded(_ term: String, after previous: String) -> [UInt8] {
        var text: [UInt8] = []
        frontCoded(term, after: previous, into: &text)
        return text
    }

    static func frontCoded(_ term: String, after previous: String, into text: inout [UInt8]) {
        var term = term
        term.withUTF8 { bytes in
            let (shared, rest) = sharedPrefix(bytes, previous)
            text.append(CompactNumbers.digit(shared))
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[rest...]))
        }
    }

    /// How many UTF-16 units to drop from the end of `term` and the UTF-8 to add to get `display`.
    static func difference(from term: String, to display: String) -> (drop: Int, add: [UInt8]) {
        var text = display
        return text.withUTF8 { bytes in
            let (shared, rest) = sharedPrefix(bytes, term)
            return (term.utf16.count - shared, Array(bytes[rest...]))
        }
    }

    /// The UTF-16 length of the longest prefix of whole characters that `term` (UTF-8) shares
    /// with `other`, at most 63, and where the rest of `term` starts. Compares bytes, a character
    /// at a time (equal characters are equal bytes in UTF-8): the dictionary's half a million
    /// terms went through unicode scalar views and a string for each rest, a fifth of encoding them.
    private static func sharedPrefix(_ term: UnsafeBufferPointer<UInt8>, _ other: String) -> (units: Int, rest: Int) {
        var other = other
        return other.withUTF8 { other in
            var units = 0, offset = 0
            while offset < term.count {
                let lead = term[offset]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                let width = length == 4 ? 2 : 1
                guard offset + length <= other.count, units + width <= 63 else { break }
                var same = true
                for index in offset..<(offset + length) where term[index] != other[index] {
                    same = false
                    break
                }
                guard same else { break }
                units += width
                offset += length
            }
            return (units, offset)
        }
    }

    static func run(_ file: Int, of starts: [Int], total: Int) -> Range<Int> {
        starts[file]..<(file + 1 < starts.count ? starts[file + 1] : total)
    }

    /// Numbers of sections of each page, pages being runs of sections with the same URL.
    static func pageRuns(_ sections: [SearchSection]) -> [Int] {
        var runs: [Int] = []
        var previous: String?
        for section in sections {
            if section.page == previous { runs[runs.count - 1] += 1 } else { runs.append(1); previous = section.page }
        }
        return runs
    }

    static func runLengths(_ starts: [Int], total: Int) -> [Int] {
        starts.indices.map { run($0, of: starts, total: total).count }
    }
}
