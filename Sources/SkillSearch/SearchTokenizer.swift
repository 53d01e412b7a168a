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
        let view = text.unicodeScalars
        var index = view.startIndex
        // One pair of buffers for all the words of the text, not two arrays per word.
        var word: [Unicode.Scalar] = []
        var starts: [String.Index] = []
        while index < view.endIndex {
            let scalar = view[index]
            if ScriptClasses.isCJK(scalar) {
                var run: [(Unicode.Scalar, String.Index)] = []
                while index < view.endIndex, ScriptClasses.isCJK(view[index]) {
                    run.append((view[index], index))
                    index = view.index(after: index)
                }
                emitBigrams(run, end: index, into: &tokens, position: &position)
            } else if ScriptClasses.isWordCharacter(scalar) || scalar == "_" {
                word.removeAll(keepingCapacity: true)
                starts.removeAll(keepingCapacity: true)
                var previous: Unicode.Scalar?
                while index < view.endIndex {
                    let current = view[index]
                    let next = view.index(after: index)
                    let following = next < view.endIndex ? view[next] : nil
                    if ScriptClasses.isCJK(current) { break }
                    if ScriptClasses.isWordCharacter(current) || current == "_" {
                        word.append(current)
                        starts.append(index)
                    } else if ScriptClasses.isApostrophe(current), let previous, let following,
                              ScriptClasses.isLetter(previous), ScriptClasses.isLetter(following),
                              !ScriptClasses.isCJK(following) {
                        // dropped: "don't" is one word, "dont"
                    } else if ScriptClasses.isNumberSeparator(current), let previous, let following,
                              ScriptClasses.isDigit(previous), ScriptClasses.isDigit(following) {
                        word.append(current)
                        starts.append(index)
                    } else {
                        break
                    }
                    previous = current
                    index = next
                }
                emitWord(word, starts: starts, end: index, into: &tokens, position: &position, cache: &cache)
            } else {
                index = view.index(after: index)
            }
        }
        return tokens
    }

    /// Just the terms, in order.
    public static func terms(_ text: String) -> [String] {
        tokens(text).map(\.term)
    }

    private static func emitWord(_ word: [Unicode.Scalar], starts: [String.Index], end: String.Index,
                                 into tokens: inout [SearchToken], position: inout Int, cache: inout WordCache) {
        // Underscores at the ends are decoration (`_private`, `__init__`).
        var first = 0, last = word.count
        while first < last, word[first] == "_" { first += 1 }
        while last > first, word[last - 1] == "_" { last -= 1 }
        guard first < last, last - first <= maximumWordLength else { return }
        let endIndex = last < starts.count ? starts[last] : end
        if isPlainWord(word[first..<last]) {
            guard let (term, surface) = wordTerm(word[first..<last], cache: &cache) else { return }
            tokens.append(SearchToken(term: term, surface: surface, kind: .word, position: position,
                                      range: starts[first]..<endIndex))
            position += 1
            return
        }
        let scalars = Array(word[first..<last])
        let offsets = Array(starts[first..<last])
        func boundary(_ offset: Int) -> String.Index { offset < offsets.count ? offsets[offset] : endIndex }

        let parts = IdentifierSplitter.parts(scalars)
        if parts.count == 1, parts[0] == 0..<scalars.count {
            guard let (term, surface) = wordTerm(scalars[...], cache: &cache) else { return }
            tokens.append(SearchToken(term: term, surface: surface, kind: .word, position: position,
                                      range: offsets[0]..<endIndex))
            position += 1
            return
        }
        let whole = TextFolding.fold(String(scalars: scalars[...]))
        tokens.append(SearchToken(term: whole, kind: .identifier, position: position, range: offsets[0]..<endIndex))
        var emitted = 0
        for part in parts {
            guard let (term, surface) = wordTerm(scalars[part], cache: &cache) else { continue }
            tokens.append(SearchToken(term: term, surface: surface, kind: .part, position: position + emitted,
                                      range: boundary(part.lowerBound)..<boundary(part.upperBound)))
            emitted += 1
        }
        position += max(emitted, 1)
    }

    /// The folded, stemmed term for a plain word and the folded word when stemming changed it;
    /// `nil` for a stopword or a single letter.
    private static func wordTerm(_ scalars: ArraySlice<Unicode.Scalar>, cache: inout WordCache) -> (String, String?)? {
        guard scalars.count >= 2 else { return nil }
        let word = String(scalars: scalars)
        if let known = cache.terms[word] { return known }
        let folded = TextFolding.fold(word)
        var result: (String, String?)?
        if folded.unicodeScalars.count >= 2, !Stopwords.english.contains(folded) {
            let stem = EnglishStemmer.stem(folded)
            result = (stem, stem == folded ? nil : folded)
        }
        cache.terms[word] = .some(result)
        return result
    }

    /// An ASCII letter followed by lower-case ASCII letters only: a word IdentifierSplitter would
    /// leave whole, recognised without running it (most words of prose are such words).
    private static func isPlainWord(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first, first.isASCII, ScriptClasses.isLetter(first) else { return false }
        return scalars.dropFirst().allSatisfy { $0.value >= 0x61 && $0.value <= 0x7A }
    }

    private static func emitBigrams(_ run: [(Unicode.Scalar, String.Index)], end: String.Index,
                                    into tokens: inout [SearchToken], position: inout Int) {
        func text(_ range: Range<Int>) -> String {
            TextFolding.fold(String(scalars: run[range].map(\.0)[...]))
        }
        if run.count == 1 {
            tokens.append(SearchToken(term: text(0..<1), kind: .bigram, position: position, range: run[0].1..<end))
            position += 1
            return
        }
        for offset in 0..<(run.count - 1) {
            let upper = offset + 2 < run.count ? run[offset + 2].1 : end
            tokens.append(SearchToken(term: text(offset..<(offset + 2)), kind: .bigram, position: position,
                                      range: run[offset].1..<upper))
            position += 1
        }
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
