import Foundation

/// A rule reduced to what duplicate detection compares: lower-case words with Markdown syntax,
/// punctuation, curly quotes and dashes gone, code spans kept whole as single tokens, and
/// where its sentences end.
struct NormalizedRule: Hashable, Sendable {
    var tokens: [String]
    /// Token ranges of the sentences, in order; together they cover every token.
    var sentences: [Range<Int>]
    /// Number of tokens that are link text, per sentence.
    var linkTokens: [Int]

    /// The normalised text, which exact duplicates share.
    var text: String { tokens.joined(separator: " ") }

    /// Whether sentence `index` is mostly link text, a pointer such as "For developer guidance,
    /// see [Creating custom views](...)." rather than a statement of its own.
    func isReference(_ index: Int) -> Bool {
        linkTokens[index] * 2 >= sentences[index].count
    }
}

/// Turns a rule's inline content into a `NormalizedRule`.
///
/// Words are runs of letters and digits, lower-cased and stripped of diacritics; an apostrophe
/// inside a word is dropped (`don't` and `don’t` both become `dont`); a dot between digits
/// stays (`1.5`). A Chinese or Japanese character is a word of its own. Every other character,
/// dashes included, separates words. A code span is one token written with its backticks, case
/// kept. A sentence ends at `.`, `!` or `?` followed by a character that is not a letter or
/// digit, unless the word before it is a single letter or a common abbreviation (`e.g.`, `etc.`).
struct RuleNormalizer {
    private var tokens: [String] = []
    private var sentences: [Range<Int>] = []
    private var sentenceStart = 0
    private var word = String.UnicodeScalarView()
    /// A `.`, `!` or `?` directly after a token; the next character decides whether it ends a sentence.
    private var pendingStop: Unicode.Scalar?
    /// The current word has non-ASCII letters, which `fold` lower-cases and strips of accents.
    private var wordNeedsFolding = false
    /// Depth of links around the current position, and link tokens in the current sentence.
    private var linkDepth = 0
    private var linkTokens: [Int] = []
    private var sentenceLinkTokens = 0

    static func normalize(_ inlines: [Inline]) -> NormalizedRule {
        var normalizer = RuleNormalizer()
        normalizer.feed(inlines)
        return normalizer.finish()
    }

    static func normalize(_ text: String) -> NormalizedRule {
        normalize([.text(text)])
    }

    private mutating func feed(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline {
            case .text(let text): feed(text)
            case .code(let span): addCode(span.code)
            case .emphasis(let children), .strong(let children), .strikethrough(let children): feed(children)
            case .link(let link), .image(let link):
                read(" ")
                linkDepth += 1
                feed(link.children)
                read(" ")
                linkDepth -= 1
            case .html: read(" ")
            case .softBreak, .lineBreak: read(" ")
            }
        }
    }

    private mutating func feed(_ text: String) {
        for scalar in text.unicodeScalars { read(scalar) }
    }

    private mutating func read(_ original: Unicode.Scalar) {
        var scalar = original
        if scalar.value >= 0x41, scalar.value <= 0x5A { scalar = Unicode.Scalar(scalar.value + 0x20)! }
        let isWordCharacter = Self.isWordCharacter(scalar)
        if let stop = pendingStop {
            pendingStop = nil
            if isWordCharacter {
                // `1.5` stays one token; `example.com` and `e.g` are two words, not two sentences.
                if stop == ".", Self.isDigit(scalar), let last = word.last, Self.isDigit(last) {
                    word.append(".")
                    word.append(scalar)
                    return
                }
                flushWord()
            } else {
                flushWord()
                endSentence()
            }
        }
        if isWordCharacter, Self.isIdeograph(scalar) {
            // Chinese and Japanese do not put spaces between words: each character is a token.
            flushWord()
            word.append(scalar)
            flushWord()
        } else if isWordCharacter {
            if !scalar.isASCII { wordNeedsFolding = true }
            word.append(scalar)
        } else if Self.stops.contains(scalar) {
            if !word.isEmpty || tokens.count > sentenceStart { pendingStop = scalar }
        } else if Self.apostrophes.contains(scalar), !word.isEmpty {
            return
        } else {
            flushWord()
        }
    }

    private mutating func addCode(_ code: String) {
        read(" ")
        let collapsed = code.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !collapsed.isEmpty else { return }
        append("`" + collapsed + "`")
    }

    private mutating func flushWord() {
        guard !word.isEmpty else { return }
        append(wordNeedsFolding ? Self.fold(String(word)) : String(word))
        word = String.UnicodeScalarView()
        wordNeedsFolding = false
    }

    private mutating func append(_ token: String) {
        tokens.append(token)
        if linkDepth > 0 { sentenceLinkTokens += 1 }
    }

    /// Closes the sentence at a stop, unless the stop follows an abbreviation or an initial.
    private mutating func endSentence() {
        guard let last = tokens.last else { return }
        if Self.abbreviations.contains(last) { return }
        if last.unicodeScalars.count == 1, let scalar = last.unicodeScalars.first, !Self.isDigit(scalar) { return }
        closeSentence()
    }

    private mutating func closeSentence() {
        guard tokens.count > sentenceStart else { return }
        sentences.append(sentenceStart..<tokens.count)
        linkTokens.append(sentenceLinkTokens)
        sentenceStart = tokens.count
        sentenceLinkTokens = 0
    }

    private mutating func finish() -> NormalizedRule {
        flushWord()
        closeSentence()
        return NormalizedRule(tokens: tokens, sentences: sentences, linkTokens: linkTokens)
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Han ideographs, Hiragana and Katakana.
    private static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (scalar.value >= 0x30 && scalar.value <= 0x39) : scalar.properties.numericType != nil
    }

    /// Lower-cases, strips diacritics and folds full-width forms of a word with non-ASCII letters.
    private static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }

    /// Sentence stops, Latin and full-width.
    private static let stops: Set<Unicode.Scalar> = [".", "!", "?", "\u{3002}", "\u{FF01}", "\u{FF1F}"]

    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}"]
    private static let abbreviations: Set<String> = ["eg", "ie", "etc", "vs", "cf", "approx", "incl", "al"]
}
