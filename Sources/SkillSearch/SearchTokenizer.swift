import SkillParser
/// Turns text into search terms, the same way for the index and for queries.
///
/// - Words are folded (case, diacritics) and stemmed; stopwords and one-letter words are left out.
/// - A word with inner structure (`sensoryFeedback`, `NavigationSplitView`, `snake_case`, `44pt`)
///   gives its whole folded form, unstemmed, and each part as a word of its own.
/// - Runs of Han and kana give overlapping character pairs ("設定画面" → 設定 定画 画面).
///
/// The JavaScript engine's `tokenize` follows the same rules; `Tests/search-js/cases.json` holds the
/// cases both must agree on.
public enum SearchTokenizer {
    /// Words longer than this are hashes or encoded data, not something a reader types.
    static let maximumWordLength = 48

    /// Terms already worked out for words, so that folding and stemming run once per word form.
    public struct WordCache: Sendable {
        var terms: [String: (term: String, surface: String?)?] = [:]
        public init() {}
    }

    public static func tokens(_ text: String) -> [SearchToken] {
        var cache = WordCache()
        return tokens(text, cache: &cache)
    }

    public static func tokens(_ text: String, cache: inout WordCache) -> [SearchToken] {
        var tokens: [SearchToken] = []
        var position = 0
        // Taken out of `cache` for the scan, so that it is not copied.
        var known: WordCache? = cache
        cache = WordCache()
        defer { cache = known ?? WordCache() }
        var native = text
        native.makeContiguousUTF8()
        // Offsets in UTF-8 made indices of `text` (in constant time for a native string).
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        _ = native.utf8.withContiguousStorageIfAvailable { bytes in
            var scanner = TokenScanner()
            TokenScanner.scan(bytes, using: &scanner) { piece, scanner in
                func boundary(_ offset: Int) -> String.Index {
                    index(offset < scanner.starts.count ? scanner.starts[offset] : scanner.end)
                }
                switch piece {
                case .run:
                    for pair in bigrams(scanner.scalars.count) {
                        tokens.append(SearchToken(term: bigramTerm(scanner.scalars[pair]), kind: .bigram, position: position,
                                                  range: boundary(pair.lowerBound)..<boundary(pair.upperBound)))
                        position += 1
                    }
                case .word:
                    let (found, advance) = wordTokens(scanner.scalars, cache: &known)
                    for token in found {
                        tokens.append(SearchToken(term: token.term, surface: token.surface, kind: token.kind,
                                                  position: position + token.position,
                                                  range: boundary(token.scalars.lowerBound)..<boundary(token.scalars.upperBound)))
                    }
                    position += advance
                }
            }
        }
        return tokens
    }

    /// Just the terms, in order.
    public static func terms(_ text: String) -> [String] {
        tokens(text).map(\.term)
    }

    /// One term of a word, with where it is in the word and its position after the word's first.
    struct WordToken {
        var term: String
        var surface: String?
        var kind: SearchToken.Kind
        /// Offsets in the word's scalars.
        var scalars: Range<Int>
        var position: Int
    }

    /// The terms of one word as `TokenScanner` finds it, and how many positions it takes. They
    /// depend on the word's scalars alone, so the index works them out once per word form.
    static func wordTokens(_ word: [Unicode.Scalar], cache: inout WordCache?) -> (tokens: [WordToken], advance: Int) {
        // Underscores at the ends are decoration (`_private`, `__init__`).
        var first = 0, last = word.count
        while first < last, word[first] == "_" { first += 1 }
        while last > first, word[last - 1] == "_" { last -= 1 }
        guard first < last, last - first <= maximumWordLength else { return ([], 0) }
        if isPlainWord(word[first..<last]) {
            guard let (term, surface) = wordTerm(word[first..<last], cache: &cache) else { return ([], 0) }
            return ([WordToken(term: term, surface: surface, kind: .word, scalars: first..<last, position: 0)], 1)
        }
        let scalars = Array(word[first..<last])
        let parts = IdentifierSplitter.parts(scalars)
        if parts.count == 1, parts[0] == 0..<scalars.count {
            guard let (term, surface) = wordTerm(scalars[...], cache: &cache) else { return ([], 0) }
            return ([WordToken(term: term, surface: surface, kind: .word, scalars: first..<last, position: 0)], 1)
        }
        var found = [WordToken(term: TextFolding.fold(String(scalars: scalars[...])), kind: .identifier,
                               scalars: first..<last, position: 0)]
        var emitted = 0
        for part in parts {
            guard let (term, surface) = wordTerm(scalars[part], cache: &cache) else { continue }
            found.append(WordToken(term: term, surface: surface, kind: .part,
                                   scalars: (part.lowerBound + first)..<(part.upperBound + first), position: emitted))
            emitted += 1
        }
        return (found, max(emitted, 1))
    }

    /// The pairs of a run of `count` Han or kana characters, as offsets: overlapping pairs, or the
    /// one character of a run of one.
    static func bigrams(_ count: Int) -> [Range<Int>] {
        count == 1 ? [0..<1] : (0..<(count - 1)).map { $0..<($0 + 2) }
    }

    static func bigramTerm(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        TextFolding.fold(String(scalars: scalars))
    }

    /// The folded, stemmed term for a plain word and the folded word when stemming changed it;
    /// `nil` for a stopword or a single letter.
    private static func wordTerm(_ scalars: ArraySlice<Unicode.Scalar>, cache: inout WordCache?) -> (String, String?)? {
        guard scalars.count >= 2 else { return nil }
        let word = String(scalars: scalars)
        if let known = cache?.terms[word] { return known }
        let folded = TextFolding.fold(word)
        var result: (String, String?)?
        if folded.unicodeScalars.count >= 2, !Stopwords.english.contains(folded) {
            let stem = EnglishStemmer.stem(folded)
            result = (stem, stem == folded ? nil : folded)
        }
        cache?.terms[word] = .some(result)
        return result
    }

    /// An ASCII letter followed by lower-case ASCII letters only: a word IdentifierSplitter would
    /// leave whole, recognised without running it (most words of prose are such words).
    private static func isPlainWord(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first, first.isASCII, ScriptClasses.isLetter(first) else { return false }
        return scalars.dropFirst().allSatisfy { $0.value >= 0x61 && $0.value <= 0x7A }
    }
}

extension String {
    /// The string of `scalars`, encoded straight into the string's UTF-8 storage (building a
    /// `String.UnicodeScalarView` appends scalar by scalar, which showed in the index step's profile).
    init(scalars: ArraySlice<Unicode.Scalar>) {
        self.init(unsafeUninitializedCapacity: scalars.count * 4) { buffer in
            var count = 0
            for scalar in scalars {
                UTF8.encode(scalar) { byte in
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }
}
