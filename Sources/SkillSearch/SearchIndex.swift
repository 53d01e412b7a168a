import SkillParser
/// The search index of a site: every section that results can show, and every term with the
/// sections it occurs in. `SearchIndexBuilder` makes it, `SearchIndexWriter` writes it as the
/// site's `search/` files, `SearchIndexReader` reads those back, and `SearchEngine` queries it.
public struct SearchIndex: Equatable, Sendable {
    /// Version of the file format, written in the entry file; readers refuse other versions.
    public static let formatVersion = 2

    /// Sections in page order; postings refer to sections by their position here.
    public var sections: [SearchSection]
    /// Terms in UTF-16 order (the order JavaScript sorts strings in), each with its postings.
    public var terms: [IndexedTerm]
    /// How the index is cut into files; queries that expand words look only in the files they load.
    public var layout: SearchIndexLayout
    /// Words written as two-character codes in the stored texts (`TextCodebook`).
    public var sharedWords: [String]

    public init(sections: [SearchSection], terms: [IndexedTerm], layout: SearchIndexLayout, sharedWords: [String] = []) {
        self.sections = sections
        self.terms = terms
        self.layout = layout
        self.sharedWords = sharedWords
    }

    /// Whether a section continues the one before it: a part of the same long section.
    public func continues(_ section: Int) -> Bool {
        section > 0 && sections[section].page == sections[section - 1].page
            && sections[section].anchor == sections[section - 1].anchor
    }
}

public struct IndexedTerm: Hashable, Sendable {
    public var term: String
    /// Sorted by section.
    public var postings: [Posting] {
        get {
            switch stored {
            case .decoded(let postings): postings
            case .encoded(let encoded): encoded.decoded()
            }
        }
        set { stored = .decoded(newValue) }
    }
    /// The number of postings, without decoding them.
    public var postingCount: Int {
        switch stored {
        case .decoded(let postings): postings.count
        case .encoded(let encoded): Int(encoded.count)
        }
    }
    /// The word most often written for this term when stemming changed it (`toggle` for `toggl`).
    public var display: String?
    private var stored: StoredPostings

    public init(term: String, postings: [Posting], display: String? = nil) {
        self.term = term
        self.stored = .decoded(postings)
        self.display = display
    }

    /// A term whose postings stay as the build cache holds them until they are asked for
    /// (`SearchIndexState`): a patched rebuild reads the postings of the few terms it changes or
    /// writes out, and decoding those of all half a million terms of agentic-awesome-skills
    /// (three and a half million postings, an array per term) was most of reading the state.
    init(term: String, encoded: EncodedPostings, display: String?) {
        self.term = term
        self.stored = .encoded(encoded)
        self.display = display
    }

    /// The section of the last posting, found without making the array of postings.
    var lastSection: Int? {
        switch stored {
        case .decoded(let postings): postings.last?.section
        case .encoded(let encoded): encoded.lastSection()
        }
    }

    /// The postings' bytes in the build cache, when they were never decoded.
    var encoded: EncodedPostings? {
        if case .encoded(let encoded) = stored { return encoded }
        return nil
    }

    /// What to show a reader for this term.
    public var shown: String { display ?? term }

    public static func == (lhs: IndexedTerm, rhs: IndexedTerm) -> Bool {
        lhs.term == rhs.term && lhs.display == rhs.display && lhs.postingCount == rhs.postingCount && lhs.postings == rhs.postings
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(term)
        hasher.combine(postings)
        hasher.combine(display)
    }

    private enum StoredPostings: Sendable {
        case decoded([Posting])
        case encoded(EncodedPostings)
    }
}

/// A term's postings as the build cache's state holds them (`SearchIndexState`: per posting the
/// delta from the previous section, LEB128, then the weight), checked when the state was read.
struct EncodedPostings: Sendable {
    /// The bytes they are in (a run of the state's payload has one of its own, so that the
    /// threads reading the runs do not share a reference count).
    let source: PostingsSource
    /// Where the first posting starts in `source.bytes`, and how many there are.
    let offset: UInt32
    let count: UInt32

    /// The section of the last posting, if there is one.
    func lastSection() -> Int? {
        guard count > 0 else { return nil }
        return source.bytes.withUnsafeBufferPointer { bytes in
            var position = Int(offset), section = 0
            for _ in 0..<Int(count) {
                guard let delta = Self.delta(bytes, at: &position) else { break }
                section = min(section + delta, Int(UInt32.max))
                position += 1
            }
            return section
        }
    }

    /// One posting's section delta at `position` (LEB128, at most five bytes), `position` moved
    /// past it; nil when the bytes end or the number runs longer. The one reader of the format,
    /// for the state's check (`SearchIndexState`) and for the decoding here.
    @inline(__always)
    static func delta(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Int? {
        var delta = 0, shift = 0
        while position < bytes.count, shift < 35 {
            let byte = bytes[position]
            position += 1
            delta |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return delta }
            shift += 7
        }
        return nil
    }

    /// The postings.
    func decoded() -> [Posting] {
        source.bytes.withUnsafeBufferPointer { bytes in
            [Posting](unsafeUninitializedCapacity: Int(count)) { output, initialized in
                var position = Int(offset), section = 0
                while initialized < Int(count), position < bytes.count {
                    guard let delta = Self.delta(bytes, at: &position), position < bytes.count else { break }
                    section = min(section + delta, Int(UInt32.max))
                    (output.baseAddress! + initialized).initialize(to: Posting(section: section, weight: Int(bytes[position])))
                    position += 1
                    initialized += 1
                }
            }
        }
    }
}

/// The bytes of encoded postings (`EncodedPostings`), shared by the terms that point into them.
final class PostingsSource: Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// One section a term occurs in, with the term's weight there.
public struct Posting: Hashable, Sendable {
    /// Kept in 32 bits (an index of a few million postings is the index step's largest part in
    /// memory): a site of more than four billion sections is not built in one process anyway.
    private var storedSection: UInt32
    private var storedWeight: UInt8

    public var section: Int {
        get { Int(storedSection) }
        set { storedSection = UInt32(newValue) }
    }

    /// The term's BM25 weight in the section without the term's rarity (which depends only on the
    /// term), quantised to 1...63 of `SearchRanking.maximumTermWeight`.
    public var weight: Int {
        get { Int(storedWeight) }
        set { storedWeight = UInt8(newValue) }
    }

    public init(section: Int, weight: Int) {
        storedSection = UInt32(section)
        storedWeight = UInt8(weight)
    }
}

extension String {
    /// UTF-16 order, which JavaScript's `<` uses, so Swift and the browser agree on sorted terms.
    ///
    /// UTF-8's byte order is the order of scalars, which is UTF-16's except between U+E000–U+FFFF
    /// and the scalars above U+FFFF (written with surrogates, which sort below U+E000): the bytes
    /// are compared, and the UTF-16 code units only where two such lead bytes differ.
    static func utf16Precedes(_ lhs: String, _ rhs: String) -> Bool {
        let byBytes = lhs.utf8.withContiguousStorageIfAvailable { a in
            rhs.utf8.withContiguousStorageIfAvailable { b -> Bool? in
                let shared = Swift.min(a.count, b.count)
                var index = 0
                while index < shared, a[index] == b[index] { index += 1 }
                if index == shared { return a.count < b.count }
                if a[index] >= 0xEE, b[index] >= 0xEE { return nil }
                return a[index] < b[index]
            } ?? nil
        } ?? nil
        return byBytes ?? lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
    }
}
