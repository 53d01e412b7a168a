import SkillParser
/// Shared strings for the section texts: the words that save the most when each is written as
/// two characters, a control character and one of the 64 number characters, instead of in full.
/// Control characters never occur in stored text (the section splitter turns them into spaces),
/// and JavaScript allows them raw inside a string, so decoding is one `replace` in the browser.
/// This takes about a quarter off the size of the texts.
enum TextCodebook {
    /// The 28 control characters used as markers: all but NUL, tab, line feed and carriage return.
    static let markers: [UInt8] = Array(0x01...0x08) + [0x0B, 0x0C] + Array(0x0E...0x1F)
    static let capacity = markers.count * 64

    /// The words of `texts` (runs of ASCII letters) that save the most bytes, at most `capacity`,
    /// in UTF-16 order, which gives their codes. Chosen by saving, numbered by spelling: a word's
    /// code changes only when the chosen set does, not when an edit moves it past its neighbours
    /// in saving (numbered by saving, one added paragraph moved `benchmark` twelve places and
    /// changed 1,325 of the 2,407 document files of agentic-awesome-skills' rebuild).
    static func build(_ texts: [String]) -> [String] {
        choose(wordCounts(texts))
    }

    /// How often each word that a code could stand for (a run of more than two ASCII letters)
    /// occurs in a set of texts: what the codebook is chosen from. A rebuild keeps it between
    /// builds (`SearchIndexState`) and adds and takes out the texts of the documents that
    /// changed, instead of counting the words of every text again.
    struct WordCounts: Sendable, Equatable {
        var words = ByteStringTable()
        /// By number in `words`; a word whose texts all went stays, at zero.
        var counts: [Int] = []

        /// Adds `amount` to the count of every word of `text` (takes the text out when negative).
        mutating func add(_ text: String, times amount: Int) {
            TextCodebook.forEachWord(in: text) { word in
                guard word.count > 2 else { return }
                add(word, count: amount)
            }
        }

        mutating func add(_ word: UnsafeBufferPointer<UInt8>, count: Int) {
            let (number, inserted) = words.insert(word)
            if inserted { counts.append(0) }
            counts[number] += count
        }

        /// The same words with the same counts, whatever their numbers; words at zero count as absent.
        static func == (lhs: WordCounts, rhs: WordCounts) -> Bool {
            func present(_ side: WordCounts) -> Int { side.counts.reduce(0) { $0 + ($1 != 0 ? 1 : 0) } }
            guard present(lhs) == present(rhs) else { return false }
            return lhs.counts.indices.allSatisfy { number in
                lhs.counts[number] == 0 || lhs.words.withKey(number) { key in rhs.words.find(key).map { rhs.counts[$0] } } == lhs.counts[number]
            }
        }
    }

    /// The words of `texts` and their counts.
    static func wordCounts(_ texts: [String]) -> WordCounts {
        // A few chunks per core: each chunk's table is merged into one on a single core, and with
        // chunks of 512 texts (131 for agentic-awesome-skills) that merge was most of the time.
        let chunkSize = max(512, (texts.count + Parallel.cores * 4 - 1) / (Parallel.cores * 4))
        let perChunk = Parallel.map(Array(stride(from: 0, to: texts.count, by: chunkSize))) { start -> (ByteStringTable, [Int]) in
            var counts = WordCounts()
            for text in texts[start..<min(texts.count, start + chunkSize)] { counts.add(text, times: 1) }
            return (counts.words, counts.counts)
        }
        var all = WordCounts()
        for (chunk, chunkCounts) in perChunk {
            for number in chunkCounts.indices {
                chunk.withKey(number) { all.add($0, count: chunkCounts[number]) }
            }
        }
        return all
    }

    /// The words of `counts` that save the most, at most `capacity`, in UTF-16 order (`build`).
    static func choose(_ counts: WordCounts) -> [String] {
        let words = counts.words, counts = counts.counts
        // Ranked by number, a string made only for the words chosen. Words are ASCII letters, so
        // their bytes' order is their UTF-16 order.
        var saving = counts.indices.compactMap { number -> (number: Int, saving: Int)? in
            let length = words.withKey(number) { $0.count }
            let saving = counts[number] * (length - 2) - length - 1
            return saving > 0 ? (number, saving) : nil
        }
        // The first `capacity` by saving, and by bytes among equal savings: every word above the
        // saving of the last one chosen, and the first of those at it by bytes. Only these are
        // ordered by bytes (sorting the tens of thousands of words that save anything, by
        // saving and then bytes, was most of choosing them, which every rebuild does).
        if saving.count > capacity {
            let threshold = saving.map(\.saving).sorted(by: >)[capacity - 1]
            let at = saving.filter { $0.saving == threshold }.sorted { a, b in
                words.withKey(a.number) { first in words.withKey(b.number) { first.lexicographicallyPrecedes($0) } }
            }
            saving = saving.filter { $0.saving > threshold }
            saving += at.prefix(capacity - saving.count)
        }
        return saving.map { chosen in words.withKey(chosen.number) { String(decoding: $0, as: UTF8.self) } }
            .sorted(by: String.utf16Precedes)
    }

    /// Codes by word, for `encode`: the code of a word is its number in the table.
    static func codes(_ words: [String]) -> ByteStringTable {
        var table = ByteStringTable()
        for word in words {
            var word = word
            _ = word.withUTF8 { table.insert($0) }
        }
        return table
    }

    /// `text` with each codebook word replaced by its code.
    static func encode(_ text: String, codes: ByteStringTable) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var text = text
        text.withUTF8 { bytes in
            var copied = 0
            forEachCoded(bytes, codes: codes) { word, code in
                output += bytes[copied..<word.lowerBound]
                output.append(markers[code / 64])
                output.append(CompactNumbers.digit(code % 64))
                copied = word.upperBound
            }
            output += bytes[copied...]
        }
        return output
    }

    /// Appends `encode(text, codes:)` as the inside of a JavaScript string literal, control
    /// characters raw (`JSText.string(utf8:rawControls:into:)`), in one pass: the document rows
    /// made the coded text and then escaped it, two passes and an array per section.
    static func encode(_ text: String, codes: ByteStringTable, escapedInto output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var copied = 0
            forEachCoded(bytes, codes: codes) { word, code in
                JSText.escaped(UnsafeBufferPointer(rebasing: bytes[copied..<word.lowerBound]), rawControls: true, into: &output)
                // A marker is a control character other than a line break or a tab, and a code's
                // digit a letter, a digit, `-` or `_`: neither is escaped.
                output.append(markers[code / 64])
                output.append(CompactNumbers.digit(code % 64))
                copied = word.upperBound
            }
            JSText.escaped(UnsafeBufferPointer(rebasing: bytes[copied...]), rawControls: true, into: &output)
        }
    }

    /// Calls `body` with the range in `bytes` of each word that has a code (a maximal run of more
    /// than two ASCII letters that is in `codes`), in order, and its code.
    private static func forEachCoded(_ bytes: UnsafeBufferPointer<UInt8>, codes: ByteStringTable,
                                     _ body: (_ word: Range<Int>, _ code: Int) -> Void) {
        forEachWord(bytes) { word in
            if word.count > 2, let code = codes.find(UnsafeBufferPointer(rebasing: bytes[word])) { body(word, code) }
        }
    }

    /// Calls `body` with the range in `bytes` of each maximal run of ASCII letters, in order.
    @inline(__always)
    private static func forEachWord(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ word: Range<Int>) -> Void) {
        let count = bytes.count
        var index = 0
        while index < count {
            guard isLetter(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            index += 1
            while index < count, isLetter(bytes[index]) { index += 1 }
            body(start..<index)
        }
    }

    @inline(__always)
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    static func decode(_ coded: String, words: [String]) throws(SearchIndexReader.FormatError) -> String {
        var output = String.UnicodeScalarView()
        var scalars = coded.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar.value < 0x20, let marker = markers.firstIndex(of: UInt8(scalar.value)) {
                guard let digit = scalars.next(), digit.isASCII, let value = CompactNumbers.value(of: UInt8(digit.value)),
                      marker * 64 + value < words.count else { throw .init("a text refers to an unknown shared word") }
                output.append(contentsOf: words[marker * 64 + value].unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Calls `body` with each maximal run of ASCII letters of `text`.
    private static func forEachWord(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in forEachWord(bytes) { body(UnsafeBufferPointer(rebasing: bytes[$0])) } }
    }
}
