import SkillParser

/// Cuts an index into files and writes each as a JavaScript call with compact arguments:
///
///     search/entry.js     skillbookSearchData("entry",0,{version,sections,terms,dictionary,documents,pages,continued,words})
///     search/words.js     skillbookSearchData("words",0,"<shared words, space-separated>")
///     search/t/N.js       skillbookSearchData("terms",N,firstPostingsFile,"<front-coded terms>","<numbers>")
///     search/p/N.js       skillbookSearchData("postings",N,"<section deltas and weights>")
///     search/d/N.js       skillbookSearchData("docs",N,[[url,title,skill],...],[[page,heading,parent,text(,anchor)],...])
///
/// Terms are front-coded (a character giving how many UTF-16 units the term shares with the one
/// before, then the rest), followed, when the term has a display form, by `|`, a character giving
/// how many UTF-16 units to drop from the term's end and the units to add, then a space.
/// Postings are section numbers as deltas from the previous one, each followed by the weight as
/// one character (see `CompactNumbers`). A dictionary file gives, per term, its number of
/// sections, the length of its postings and whether they start a new postings file; postings
/// files never span two dictionary files. Texts use `TextCodebook` codes for shared words.
enum SearchIndexEncoder {
    static func plan(terms: [IndexedTerm], sections: [SearchSection], sharedWords: [String],
                     targets: SearchIndexLayout.Targets) -> SearchIndexLayout {
        let sizes = Parallel.map(Array(terms.indices), minimumChunk: 256) { position -> (dictionary: Int, postings: Int) in
            let previous = position > 0 ? terms[position - 1].term : ""
            return (word(terms[position], after: previous).count + 6, postingsText(terms[position].postings).count)
        }
        let dictionarySizes = sizes.map(\.dictionary)
        let postingsSizes = sizes.map(\.postings)
        let dictionaryStarts = SearchIndexLayout.cut(dictionarySizes, targetAt: { position in
            terms[position].term.unicodeScalars.first.map(ScriptClasses.isCJK) == true ? targets.pairDictionary : targets.dictionary
        })
        var postingsStarts: [Int] = []
        for (file, start) in dictionaryStarts.enumerated() {
            let end = file + 1 < dictionaryStarts.count ? dictionaryStarts[file + 1] : terms.count
            postingsStarts += SearchIndexLayout.cut(Array(postingsSizes[start..<end]), target: targets.postings)
                .map { $0 + start }
        }
        let codes = codeTable(sharedWords)
        let documentSizes = Parallel.map(sections, minimumChunk: 64) { sectionRow($0, page: 0, codes: codes).count + 1 }
        return SearchIndexLayout(dictionaryStarts: dictionaryStarts, postingsStarts: postingsStarts,
                                 documentStarts: SearchIndexLayout.cut(documentSizes, target: targets.documents))
    }

    /// Every file of the index, by path under `search/`, in a fixed order.
    static func files(_ index: SearchIndex) -> [(path: String, contents: [UInt8])] {
        let layout = index.layout
        let codes = codeTable(index.sharedWords)
        enum Kind { case entry, words, dictionary(Int), postings(Int), documents(Int) }
        let kinds: [Kind] = [.entry, .words] + layout.dictionaryStarts.indices.map { .dictionary($0) }
            + layout.postingsStarts.indices.map { .postings($0) } + layout.documentStarts.indices.map { .documents($0) }
        return Parallel.map(kinds.indices.map { $0 }) { position -> (path: String, contents: [UInt8]) in
            switch kinds[position] {
            case .entry: (SearchIndexFiles.entry, entry(index))
            case .words: (SearchIndexFiles.words, words(index))
            case .dictionary(let file): (SearchIndexFiles.dictionary(file), dictionary(index, file: file))
            case .postings(let file): (SearchIndexFiles.postings(file), postings(index, file: file))
            case .documents(let file): (SearchIndexFiles.documents(file), documents(index, file: file, codes: codes))
            }
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

    static func dictionary(_ index: SearchIndex, file: Int) -> [UInt8] {
        let range = run(file, of: index.layout.dictionaryStarts, total: index.terms.count)
        let postingsStarts = Set(index.layout.postingsStarts)
        var words: [UInt8] = [], numbers: [UInt8] = []
        var previous = ""
        for position in range {
            let term = index.terms[position]
            words += word(term, after: previous)
            previous = term.term
            CompactNumbers.append(term.postings.count, to: &numbers)
            CompactNumbers.append(postingsText(term.postings).count, to: &numbers)
            CompactNumbers.append(postingsStarts.contains(position) ? 1 : 0, to: &numbers)
        }
        let firstPostings = SearchIndexLayout.file(of: range.lowerBound, starts: index.layout.postingsStarts)
        return JSText.call(kind: "terms", number: file, arguments: [
            Array("\(firstPostings)".utf8),
            JSText.string(String(decoding: words, as: UTF8.self)),
            JSText.string(String(decoding: numbers, as: UTF8.self)),
        ])
    }

    static func postings(_ index: SearchIndex, file: Int) -> [UInt8] {
        var text: [UInt8] = []
        for position in run(file, of: index.layout.postingsStarts, total: index.terms.count) {
            text += postingsText(index.terms[position].postings)
        }
        return JSText.call(kind: "postings", number: file, arguments: [JSText.string(String(decoding: text, as: UTF8.self))])
    }

    static func words(_ index: SearchIndex) -> [UInt8] {
        JSText.call(kind: "words", number: 0, arguments: [JSText.string(index.sharedWords.joined(separator: " "))])
    }

    static func documents(_ index: SearchIndex, file: Int, codes: [ArraySlice<UInt8>: Int]) -> [UInt8] {
        var pages: [[UInt8]] = []
        var pageNumbers: [String: Int] = [:]
        var sections: [[UInt8]] = []
        for position in run(file, of: index.layout.documentStarts, total: index.sections.count) {
            let section = index.sections[position]
            let key = section.page + "\n" + section.pageTitle + "\n" + section.skill
            let page: Int
            if let known = pageNumbers[key] {
                page = known
            } else {
                page = pages.count
                pageNumbers[key] = page
                pages.append(JSText.array([JSText.string(section.page), JSText.string(section.pageTitle),
                                           JSText.string(section.skill)]))
            }
            sections.append(sectionRow(section, page: page, codes: codes))
        }
        return JSText.call(kind: "docs", number: file, arguments: [JSText.array(pages), JSText.array(sections)])
    }

    /// `[page, heading, parent, text]`, with the anchor as a fifth item when it is not the one a
    /// browser derives from an ASCII heading (lower case; letters, digits, spaces, `-`, `_`; spaces
    /// become `-`).
    static func sectionRow(_ section: SearchSection, page: Int, codes: [ArraySlice<UInt8>: Int]) -> [UInt8] {
        let coded = String(decoding: TextCodebook.encode(section.text, codes: codes), as: UTF8.self)
        var items = [Array("\(page)".utf8), JSText.string(section.heading), JSText.string(section.parentHeading),
                     JSText.string(coded, rawControls: true)]
        if section.anchor != derivedAnchor(section.heading) { items.append(JSText.string(section.anchor)) }
        return JSText.array(items)
    }

    /// The anchor a browser derives for a heading, or `nil` when it leaves that to the index.
    static func derivedAnchor(_ heading: String) -> String? {
        heading.utf8.allSatisfy({ $0 < 0x80 }) ? Slugger.baseSlug(heading) : nil
    }

    static func codeTable(_ words: [String]) -> [ArraySlice<UInt8>: Int] {
        TextCodebook.codes(words)
    }

    // MARK: Pieces

    static func postingsText(_ postings: [Posting]) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(postings.count * 3)
        var previous = 0
        for posting in postings {
            CompactNumbers.append(posting.section - previous, to: &text)
            text.append(CompactNumbers.digit(posting.weight))
            previous = posting.section
        }
        return text
    }

    /// A term's entry in a dictionary file's word list.
    static func word(_ term: IndexedTerm, after previous: String) -> [UInt8] {
        var text = frontCoded(term.term, after: previous)
        if let display = term.display {
            let (drop, add) = difference(from: term.term, to: display)
            text += [0x7C, CompactNumbers.digit(drop)] + Array(add.utf8)
        }
        return text + [0x20]
    }

    /// The term as the length of the prefix it shares with `previous` (in UTF-16 units, whole
    /// characters only, at most 63) and the rest of it.
    static func frontCoded(_ term: String, after previous: String) -> [UInt8] {
        let (shared, rest) = sharedPrefix(term, previous)
        return [CompactNumbers.digit(shared)] + Array(rest.utf8)
    }

    /// How many UTF-16 units to drop from the end of `term` and what to add to get `display`.
    static func difference(from term: String, to display: String) -> (drop: Int, add: String) {
        let (shared, rest) = sharedPrefix(display, term)
        return (term.utf16.count - shared, rest)
    }

    /// The UTF-16 length of the longest common prefix (whole characters, at most 63) and the rest of `term`.
    private static func sharedPrefix(_ term: String, _ other: String) -> (Int, String) {
        var shared = 0, sharedScalars = 0
        for (a, b) in zip(term.unicodeScalars, other.unicodeScalars) {
            guard a == b, shared + a.utf16.count <= 63 else { break }
            shared += a.utf16.count
            sharedScalars += 1
        }
        return (shared, String(String.UnicodeScalarView(term.unicodeScalars.dropFirst(sharedScalars))))
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
