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
                var word: [Unicode.Scalar] = []
                var starts: [String.Index] = []
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
        let scalars = Array(word[first..<last])
        let offsets = Array(starts[first..<last])
        let endIndex = last < starts.count ? starts[last] : end
        func boundary(_ offset: Int) -> String.Index { offset < offsets.count ? offsets[offset] : endIndex }

        let parts = IdentifierSplitter.parts(scalars)
        if parts.count == 1, parts[0] == 0..<scalars.count {
            guard let (term, surface) = wordTerm(scalars, cache: &cache) else { return }
            tokens.append(SearchToken(term: term, surface: surface, kind: .word, position: position,
                                      range: offsets[0]..<endIndex))
            position += 1
            return
        }
        let whole = TextFolding.fold(String(String.UnicodeScalarView(scalars)))
        tokens.append(SearchToken(term: whole, kind: .identifier, position: position, range: offsets[0]..<endIndex))
        var emitted = 0
        for part in parts {
            guard let (term, surface) = wordTerm(Array(scalars[part]), cache: &cache) else { continue }
            tokens.append(SearchToken(term: term, surface: surface, kind: .part, position: position + emitted,
                                      range: boundary(part.lowerBound)..<boundary(part.upperBound)))
            emitted += 1
        }
        position += max(emitted, 1)
    }

    /// The folded, stemmed term for a plain word and the folded word when stemming changed it;
    /// `nil` for a stopword or a single letter.
    private static func wordTerm(_ scalars: [Unicode.Scalar], cache: inout WordCache) -> (String, String?)? {
        guard scalars.count >= 2 else { return nil }
        let word = String(String.UnicodeScalarView(scalars))
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

    private static func emitBigrams(_ run: [(Unicode.Scalar, String.Index)], end: String.Index,
                                    into tokens: inout [SearchToken], position: inout Int) {
        func text(_ range: Range<Int>) -> String {
            TextFolding.fold(String(String.UnicodeScalarView(run[range].map(\.0))))
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
