import SkillParser
/// Where the tokenizer's rules cut text into words and runs of Han and kana, decided here once
/// for queries, snippets and the index. It reads the text's UTF-8 bytes and decodes a scalar
/// only to classify it: the index step reads tens of megabytes through it, and walking
/// `String.UnicodeScalarView` indices (each one validated) was a large part of its profile.
///
/// A word is a run of letters, marks, digits and `_`; an apostrophe between two letters is
/// dropped ("don't" is one word, `dont`), a point or comma between two digits is kept ("4.5").
struct TokenScanner {
    enum Piece { case word, run }

    /// The scalars kept of the word or run just found.
    private(set) var scalars: [Unicode.Scalar] = []
    /// The byte offset in the text where each kept scalar starts.
    private(set) var starts: [Int] = []
    /// The byte offset just past the word or run.
    private(set) var end = 0
    /// Whether the kept scalars are the bytes `starts[0]..<end` of the text (no apostrophe dropped).
    private(set) var contiguous = true

    /// Calls `body` with each word and run of `text`, in order; `scanner` holds what was found.
    static func scan(_ text: UnsafeBufferPointer<UInt8>, using scanner: inout TokenScanner,
                     _ body: (Piece, inout TokenScanner) -> Void) {
        let count = text.count
        var index = 0
        while index < count {
            let (scalar, length) = decode(text, index)
            if ScriptClasses.isCJK(scalar) {
                scanner.begin()
                while index < count {
                    let (current, length) = decode(text, index)
                    guard ScriptClasses.isCJK(current) else { break }
                    scanner.keep(current, at: index)
                    index += length
                }
                scanner.end = index
                body(.run, &scanner)
            } else if isWordScalar(scalar) {
                // Most words are ASCII letters, digits and `_` ending at ASCII that cannot join
                // them: found without decoding, and their scalars kept only when asked for.
                var last = index
                while last < count, isASCIIWordByte(text[last]) { last += 1 }
                if last == count || isASCIIWordEnd(text[last]) {
                    scanner.beginASCII(index..<last, of: text)
                    index = last
                    body(.word, &scanner)
                    continue
                }
                scanner.begin()
                var previous: Unicode.Scalar?
                while index < count {
                    let (current, length) = decode(text, index)
                    let next = index + length
                    if ScriptClasses.isCJK(current) { break }
                    if isWordScalar(current) {
                        scanner.keep(current, at: index)
                    } else if ScriptClasses.isApostrophe(current), let previous, next < count,
                              ScriptClasses.isLetter(previous), case let following = decode(text, next).0,
                              ScriptClasses.isLetter(following), !ScriptClasses.isCJK(following) {
                        scanner.contiguous = false
                    } else if ScriptClasses.isNumberSeparator(current), let previous, next < count,
                              ScriptClasses.isDigit(previous), ScriptClasses.isDigit(decode(text, next).0) {
                        scanner.keep(current, at: index)
                    } else {
                        break
                    }
                    previous = current
                    index = next
                }
                scanner.end = index
                body(.word, &scanner)
            } else {
                index += length
            }
        }
    }

    /// The kept scalars' UTF-8 bytes: the word as the index's word cache knows it.
    func withKeptBytes<Result>(of text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let range = pendingASCII { return body(UnsafeBufferPointer(rebasing: text[range])) }
        if contiguous {
            return body(UnsafeBufferPointer(rebasing: text[starts[0]..<end]))
        }
        var bytes: [UInt8] = []
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        return bytes.withUnsafeBufferPointer(body)
    }

    /// Whether an ASCII word's scalars and starts are filled as it is found (the index asks only
    /// for the words it has not met before: `fillASCII`).
    var keepsASCII = true
    /// The ASCII word found without its scalars, when `keepsASCII` is off.
    private var pendingASCII: Range<Int>?

    /// Fills `scalars` and `starts` of an ASCII word found with `keepsASCII` off (until then
    /// they hold an earlier word's: only `withKeptBytes` and `end` may be read).
    mutating func fillASCII(of text: UnsafeBufferPointer<UInt8>) {
        guard let range = pendingASCII else { return }
        begin()
        for offset in range { keep(Unicode.Scalar(text[offset]), at: offset) }
    }

    private mutating func beginASCII(_ range: Range<Int>, of text: UnsafeBufferPointer<UInt8>) {
        end = range.upperBound
        if keepsASCII {
            begin()
            for offset in range { keep(Unicode.Scalar(text[offset]), at: offset) }
        } else {
            // Nothing else is touched: most words of the index's text are found this way, and
            // emptying and filling the arrays for each showed in counting's profile.
            pendingASCII = range
            contiguous = true
        }
    }

    @inline(__always)
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        let letter = byte | 0x20
        return (letter >= 0x61 && letter <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    /// An ASCII byte that ends a word whatever surrounds it: not a word byte (checked before),
    /// not an apostrophe, point or comma, which may join two letters or digits.
    @inline(__always)
    private static func isASCIIWordEnd(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x27 && byte != 0x2E && byte != 0x2C
    }

    private mutating func begin() {
        pendingASCII = nil
        scalars.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        contiguous = true
    }

    private mutating func keep(_ scalar: Unicode.Scalar, at offset: Int) {
        scalars.append(scalar)
        starts.append(offset)
    }

    @inline(__always)
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        ScriptClasses.isWordCharacter(scalar) || scalar == "_"
    }

    /// The scalar at `index` of valid UTF-8 (a Swift string's) and its length in bytes.
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, _ index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(text[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let value: UInt32, length: Int
        if lead < 0xE0 {
            value = (lead & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F)
            length = 2
        } else if lead < 0xF0 {
            value = (lead & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F)
            length = 3
        } else {
            value = (lead & 0x07) << 18 | UInt32(text[index + 1] & 0x3F) << 12
                | UInt32(text[index + 2] & 0x3F) << 6 | UInt32(text[index + 3] & 0x3F)
            length = 4
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
