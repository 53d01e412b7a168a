import Foundation
import SkillParser

/// Turns a rule's inline content into a `NormalizedRule`, in one pass over its UTF-8 bytes.
///
/// Words are runs of letters and digits, lower-cased and stripped of diacritics; an apostrophe
/// inside a word is dropped (`don't` and `don’t` both become `dont`); a dot between digits
/// stays (`1.5`). A Chinese or Japanese character is a word of its own. Every other character,
/// dashes included, separates words. A code span is one token written with its backticks, case
/// kept. A sentence ends at `.`, `!` or `?` followed by a character that is not a letter or
/// digit, unless the word before it is a single letter or a common abbreviation (`e.g.`, `etc.`).
struct RuleNormalizer {
    private let keepTokens: Bool
    private let recordOffsets: Bool
    private var hashes: [UInt64] = []
    private var tokens: [String] = []
    private var offsets: [Range<Int>] = []
    private var ideographs = 0
    /// UTF-8 offsets of the character being read, and of the word being read (only with `recordOffsets`).
    private var characterStart = 0
    private var characterEnd = 0
    private var wordStart = 0
    private var wordEnd = 0
    private var sentences: [Range<Int>] = []
    private var linkTokens: [Int] = []
    private var sentenceStart = 0
    private var sentenceLinkTokens = 0
    /// Depth of links around the current position.
    private var linkDepth = 0

    /// The word being read, as UTF-8, with its running FNV-1a hash; its ASCII letters and digits
    /// are copied in (`takePendingRun`) only when its bytes are needed: it gets a letter that
    /// `fold` must see, tokens are kept, or the text they are in ends. Copying every word's bytes
    /// was a fifth of normalising, for the few words that are read back.
    private var word: [UInt8] = []
    /// The word's last run of ASCII letters and digits not yet in `word`: `pendingRun` of `pendingText`.
    private var pendingText = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var pendingRun = 0..<0
    private var wordHash = StableHash.fnvOffset
    private var wordScalars = 0
    /// The word has non-ASCII letters, which `fold` lower-cases and strips of accents.
    private var wordNeedsFolding = false
    private var wordEndsWithDigit = false
    /// A `.`, `!` or `?` directly after a token; the next character decides whether it ends a sentence.
    private var pendingStop: UInt32?
    /// Whether the last token is a single letter or an abbreviation, after which a dot does not end a sentence.
    private var lastTokenIsAbbreviation = false

    private init(keepTokens: Bool, recordOffsets: Bool = false) {
        self.keepTokens = keepTokens
        self.recordOffsets = recordOffsets
        word.reserveCapacity(32)
    }

    /// A normaliser for many rules in turn (`next`), which keeps its buffers from one to the next:
    /// a hundred thousand rules otherwise grow a hundred thousand sets of arrays from empty.
    init() {
        self.init(keepTokens: false)
    }

    /// The next rule, normalised as `normalize(_:)` does.
    mutating func next(_ inlines: [Inline]) -> NormalizedRule {
        feed(inlines)
        flushWord()
        closeSentence()
        let rule = NormalizedRule(hashes: Self.exactCopy(hashes), tokens: [], sentences: Self.exactCopy(sentences),
                                  linkTokens: Self.exactCopy(linkTokens), ideographs: ideographs)
        hashes.removeAll(keepingCapacity: true)
        sentences.removeAll(keepingCapacity: true)
        linkTokens.removeAll(keepingCapacity: true)
        ideographs = 0
        (sentenceStart, sentenceLinkTokens, linkDepth) = (0, 0, 0)
        pendingStop = nil
        lastTokenIsAbbreviation = false
        return rule
    }

    /// A copy of `buffer` in storage of its own, as large as its elements. `Array(buffer)` would
    /// share the buffer: the rule (and the fingerprint kept from it) would hold storage as large
    /// as the longest rule read so far, and `removeAll(keepingCapacity:)` would allocate that
    /// much again for the next one (over a hundred megabytes for a large collection).
    private static func exactCopy<Element>(_ buffer: [Element]) -> [Element] {
        buffer.withUnsafeBufferPointer { Array($0) }
    }

    static func normalize(_ inlines: [Inline], keepingTokens: Bool = false) -> NormalizedRule {
        var normalizer = RuleNormalizer(keepTokens: keepingTokens)
        normalizer.feed(inlines)
        return normalizer.finish()
    }

    static func normalize(_ text: String, keepingTokens: Bool = false) -> NormalizedRule {
        normalize([.text(text)], keepingTokens: keepingTokens)
    }

    /// The rule of a plain text, with the UTF-8 range of each token in `text` (`NormalizedRule.offsets`),
    /// so that a span of tokens can be shown as written.
    static func normalizeRecordingOffsets(_ text: String) -> NormalizedRule {
        var normalizer = RuleNormalizer(keepTokens: false, recordOffsets: true)
        normalizer.feed(text)
        return normalizer.finish()
    }

    private mutating func feed(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline {
            case .text(let text): feed(text)
            case .code(let span): addCode(span.code)
            case .emphasis(let children), .strong(let children), .strikethrough(let children): feed(children)
            case .link(let link), .image(let link):
                separate()
                linkDepth += 1
                feed(link.children)
                separate()
                linkDepth -= 1
            case .html, .softBreak, .lineBreak: separate()
            }
        }
    }

    private mutating func feed(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if pendingStop == nil, byte &- 0x61 < 26 || byte &- 0x30 < 10 || byte &- 0x41 < 26 {
                    index = appendASCIIRun(bytes, from: index)
                } else if byte < 0x80 {
                    (characterStart, characterEnd) = (index, index + 1)
                    read(UInt32(byte), kind: Self.kind(ofASCII: byte))
                    index += 1
                } else {
                    let (scalar, length) = Self.decode(bytes, at: index)
                    (characterStart, characterEnd) = (index, index + length)
                    read(scalar, kind: Self.kind(ofNonASCII: scalar))
                    index += length
                }
            }
            takePendingRun()
        }
    }

    /// Copies the word's pending ASCII run into `word`, lower-cased.
    private mutating func takePendingRun() {
        guard !pendingRun.isEmpty else { return }
        for position in pendingRun {
            let byte = pendingText[position]
            word.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
        }
        pendingRun = 0..<0
    }

    /// Appends the ASCII letters and digits from `start` on to the word, lower-cased, and returns
    /// where they end: what `read` does for each of them when no stop is pending, one run at a time
    /// (most of a rule's bytes), with the word's bytes appended in one piece.
    private mutating func appendASCIIRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        if wordScalars == 0 { wordStart = start }
        var (hash, end, last) = (wordHash, start, UInt8(0))
        while end < bytes.count {
            var byte = bytes[end]
            if byte &- 0x41 < 26 {
                byte |= 0x20
            } else if !(byte &- 0x61 < 26 || byte &- 0x30 < 10) {
                break
            }
            hash = StableHash.fnvStep(hash, byte)
            last = byte
            end += 1
        }
        // A word continued after a dropped apostrophe has an earlier run: it goes into `word` first.
        takePendingRun()
        (pendingText, pendingRun) = (bytes, start..<end)
        wordHash = hash
        wordScalars += end - start
        wordEndsWithDigit = last &- 0x30 < 10
        (characterStart, characterEnd, wordEnd) = (end - 1, end, end)
        return end
    }

    private enum Kind: UInt8 {
        case separator, letter, upper, digit, stop, apostrophe, ideograph, otherLetter, otherDigit
    }

    private mutating func read(_ scalar: UInt32, kind: Kind) {
        if let stop = pendingStop {
            pendingStop = nil
            switch kind {
            case .digit where stop == 0x2E && wordEndsWithDigit:
                // `1.5` stays one token.
                appendToWord(0x2E, isDigit: false)
                appendToWord(scalar, isDigit: true)
                return
            case .letter, .upper, .digit, .ideograph, .otherLetter, .otherDigit:
                // `example.com` and `e.g` are two words, not two sentences.
                flushWord()
            default:
                flushWord()
                endSentence()
            }
        }
        switch kind {
        case .letter: appendToWord(scalar, isDigit: false)
        case .upper: appendToWord(scalar + 0x20, isDigit: false)
        case .digit: appendToWord(scalar, isDigit: true)
        case .otherLetter, .otherDigit:
            wordNeedsFolding = true
            appendToWord(scalar, isDigit: kind == .otherDigit)
        case .ideograph:
            // Chinese and Japanese do not put spaces between words: each character is a token.
            ideographs += 1
            flushWord()
            appendToWord(scalar, isDigit: false)
            flushWord()
        case .stop:
            if wordScalars > 0 || hashes.count > sentenceStart { pendingStop = scalar }
        case .apostrophe:
            break  // dropped inside a word, nothing to separate outside one
        case .separator:
            flushWord()
        }
    }

    private mutating func separate() {
        read(0x20, kind: .separator)
    }

    private mutating func appendToWord(_ scalar: UInt32, isDigit: Bool) {
        if wordScalars == 0 { wordStart = characterStart }
        takePendingRun()
        wordEnd = characterEnd
        if scalar < 0x80 {
            let byte = UInt8(scalar)
            word.append(byte)
            wordHash = StableHash.fnvStep(wordHash, byte)
        } else {
            for byte in String(Character(Unicode.Scalar(scalar)!)).utf8 {
                word.append(byte)
                wordHash = StableHash.fnvStep(wordHash, byte)
            }
        }
        wordScalars += 1
        wordEndsWithDigit = isDigit
    }

    private mutating func flushWord() {
        guard wordScalars > 0 else { return }
        if wordNeedsFolding || keepTokens { takePendingRun() }
        pendingRun = 0..<0
        if wordNeedsFolding {
            let folded = Self.fold(String(decoding: word, as: UTF8.self))
            append(hash: StableHash.string(folded), token: folded)
        } else {
            let token = keepTokens ? String(decoding: word, as: UTF8.self) : ""
            append(hash: StableHash.mix(wordHash), token: token)
        }
        lastTokenIsAbbreviation = (wordScalars == 1 && !wordEndsWithDigit) || Self.isAbbreviation(hashes[hashes.count - 1])
        word.removeAll(keepingCapacity: true)
        wordHash = StableHash.fnvOffset
        wordScalars = 0
        wordNeedsFolding = false
        wordEndsWithDigit = false
    }

    private mutating func addCode(_ code: String) {
        separate()
        var code = code
        let ascii = code.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? Self.collapsingASCIIWhitespace(bytes) : nil
        }
        let collapsed = ascii ?? code.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !collapsed.isEmpty else { return }
        let token = "`" + collapsed + "`"
        append(hash: StableHash.string(token), token: token)
        lastTokenIsAbbreviation = false
    }

    /// ASCII code with each run of whitespace (as `Character.isWhitespace` has it for ASCII: tab,
    /// line feed, vertical tab, form feed, carriage return, space) made one space and the ends
    /// trimmed: what splitting on whitespace and joining with spaces gives, without reading
    /// Unicode properties for every character.
    private static func collapsingASCIIWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private mutating func append(hash: UInt64, token: String) {
        hashes.append(hash)
        if keepTokens { tokens.append(token) }
        if recordOffsets { offsets.append(wordStart..<wordEnd) }
        if linkDepth > 0 { sentenceLinkTokens += 1 }
    }

    /// Closes the sentence at a stop, unless the stop follows an abbreviation or an initial.
    private mutating func endSentence() {
        guard !hashes.isEmpty, !lastTokenIsAbbreviation else { return }
        closeSentence()
    }

    private mutating func closeSentence() {
        guard hashes.count > sentenceStart else { return }
        sentences.append(sentenceStart..<hashes.count)
        linkTokens.append(sentenceLinkTokens)
        sentenceStart = hashes.count
        sentenceLinkTokens = 0
    }

    private mutating func finish() -> NormalizedRule {
        flushWord()
        closeSentence()
        return NormalizedRule(hashes: hashes, tokens: tokens, sentences: sentences, linkTokens: linkTokens, offsets: offsets,
                              ideographs: ideographs)
    }

    // MARK: Characters

    @inline(__always)
    private static func kind(ofASCII byte: UInt8) -> Kind {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): .letter
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): .upper
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
        case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"): .stop
        case UInt8(ascii: "'"): .apostrophe
        default: .separator
        }
    }

    private static func kind(ofNonASCII value: UInt32) -> Kind {
        switch value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return .ideograph
        case 0x2019, 0x2018, 0x02BC: return .apostrophe
        case 0x3002, 0xFF01, 0xFF1F: return .stop
        default:
            guard let scalar = Unicode.Scalar(value) else { return .separator }
            if scalar.properties.numericType != nil { return .otherDigit }
            return scalar.properties.isAlphabetic ? .otherLetter : .separator
        }
    }

    /// The scalar that starts at `index` (a lead byte of valid UTF-8, as Swift strings are) and its length.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return (0xFFFD, bytes.count - index) }
        var value = lead & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F)
        for offset in 1..<length { value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
        return (value, length)
    }

    /// Lower-cases, strips diacritics and folds full-width forms of a word with non-ASCII letters.
    private static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }

    private static let abbreviations = Set(["eg", "ie", "etc", "vs", "cf", "approx", "incl", "al"].map(StableHash.string))
    /// One bit per abbreviation's hash modulo 64: most words are ruled out without hashing them into the set.
    private static let abbreviationMask = abbreviations.reduce(UInt64(0)) { $0 | 1 << ($1 & 63) }

    private static func isAbbreviation(_ hash: UInt64) -> Bool {
        abbreviationMask & (1 << (hash & 63)) != 0 && abbreviations.contains(hash)
    }
}
