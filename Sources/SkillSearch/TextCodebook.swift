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

    /// The words of `texts` (runs of ASCII letters) that save the most bytes, at most `capacity`.
    static func build(_ texts: [String]) -> [String] {
        let perChunk = Parallel.map(Array(stride(from: 0, to: texts.count, by: 512))) { start in
            var counts: [ArraySlice<UInt8>: Int] = [:]
            for text in texts[start..<min(texts.count, start + 512)] {
                let bytes = Array(text.utf8)
                forEachWord(in: bytes) { word in
                    if word.count > 2 { counts[word, default: 0] += 1 }
                }
            }
            return counts
        }
        var counts: [ArraySlice<UInt8>: Int] = [:]
        for chunk in perChunk { counts.merge(chunk, uniquingKeysWith: +) }
        let saving = counts.compactMap { word, count -> (word: String, saving: Int)? in
            let saving = count * (word.count - 2) - word.count - 1
            return saving > 0 ? (String(decoding: word, as: UTF8.self), saving) : nil
        }.sorted { $0.saving != $1.saving ? $0.saving > $1.saving : String.utf16Precedes($0.word, $1.word) }
        return Array(saving.prefix(capacity).map(\.word))
    }

    /// Codes by word, for `encode`.
    static func codes(_ words: [String]) -> [ArraySlice<UInt8>: Int] {
        Dictionary(uniqueKeysWithValues: words.enumerated().map { (ArraySlice(Array($0.element.utf8)), $0.offset) })
    }

    /// `text` with each codebook word replaced by its code.
    static func encode(_ text: String, codes: [ArraySlice<UInt8>: Int]) -> [UInt8] {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        forEachWord(in: bytes) { word in
            output += bytes[position..<word.startIndex]
            if word.count > 2, let code = codes[word] {
                output += [markers[code / 64], CompactNumbers.digit(code % 64)]
            } else {
                output += word
            }
            position = word.endIndex
        }
        output += bytes[position...]
        return output
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

    /// Calls `body` with each maximal run of ASCII letters.
    private static func forEachWord(in bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var start: Int?
        for index in 0...bytes.count {
            let isLetter = index < bytes.count && ((bytes[index] | 0x20) >= 0x61 && (bytes[index] | 0x20) <= 0x7A)
            if isLetter {
                if start == nil { start = index }
            } else if let open = start {
                body(bytes[open..<index])
                start = nil
            }
        }
    }
}
