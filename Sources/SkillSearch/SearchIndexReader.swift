import Foundation
import SkillParser

/// Reads the index files of a built site back into a `SearchIndex`.
public enum SearchIndexReader {
    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads `folder` (a site's `search/` folder).
    public static func read(from folder: URL) throws -> SearchIndex {
        let entry = try arguments(of: folder.appendingPathComponent(SearchIndexFiles.entry), kind: "entry")
        guard let header = entry.first as? [String: Any],
              let version = header["version"] as? Int else { throw FormatError("entry.js: no version") }
        guard version == SearchIndex.formatVersion else {
            throw FormatError("entry.js: index format \(version), this skillbook reads format \(SearchIndex.formatVersion); rebuild the site")
        }
        guard let sectionCount = header["sections"] as? Int, let termCount = header["terms"] as? Int,
              let firstTerms = header["dictionary"] as? [String], let documentCounts = header["documents"] as? String,
              let nameList = header["files"] as? String
        else { throw FormatError("entry.js: missing fields") }
        let names = nameList.split(separator: " ").map(String.init)
        guard names.count == firstTerms.count else { throw FormatError("entry.js: \(firstTerms.count) dictionary files, \(names.count) names") }

        var terms: [IndexedTerm] = []
        var dictionaryStarts: [Int] = []
        var postingsStarts: [Int] = []
        for file in firstTerms.indices {
            dictionaryStarts.append(terms.count)
            let path = SearchIndexFiles.dictionary(names[file])
            let values = try arguments(of: folder.appendingPathComponent(path), kind: "terms", identity: .name(names[file]))
            guard values.count == 2, let words = values[0] as? String,
                  let numbers = values[1] as? String else { throw FormatError("\(path): malformed") }
            var reader = CompactNumbers.Reader(Array(numbers.utf8))
            var postingsFile = -1
            var postingsText: [UInt8] = []
            var offset = 0
            var previous: [UInt16] = []
            for coded in words.split(separator: " ", omittingEmptySubsequences: true) {
                guard let shared = coded.utf8.first.flatMap(CompactNumbers.value(of:)), shared <= previous.count else {
                    throw FormatError("\(path): malformed term list")
                }
                let parts = coded.dropFirst().split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                let units = Array(previous[0..<shared]) + Array(parts[0].utf16)
                previous = units
                let term = String(decoding: units, as: UTF16.self)
                var display: String?
                if parts.count == 2 {
                    guard let drop = parts[1].utf8.first.flatMap(CompactNumbers.value(of:)), drop <= units.count else {
                        throw FormatError("\(path): malformed display form")
                    }
                    display = String(decoding: units.dropLast(drop) + Array(parts[1].dropFirst().utf16), as: UTF16.self)
                }
                let count = try reader.next(), length = try reader.next(), startsFile = try reader.next()
                if startsFile == 1 {
                    postingsFile += 1
                    postingsStarts.append(terms.count)
                    postingsText = try postingsContents(folder, name: names[file], place: postingsFile)
                    offset = 0
                }
                guard postingsFile >= 0, offset + length <= postingsText.count else {
                    throw FormatError("\(SearchIndexFiles.postings(names[file], max(0, postingsFile))): too short")
                }
                let postings = try decodePostings(Array(postingsText[offset..<(offset + length)]), expected: count)
                offset += length
                terms.append(IndexedTerm(term: term, postings: postings, display: display))
            }
        }
        guard terms.count == termCount else { throw FormatError("entry.js: \(termCount) terms announced, \(terms.count) found") }

        let wordValues = try arguments(of: folder.appendingPathComponent(SearchIndexFiles.words), kind: "words")
        guard let wordList = wordValues.first as? String else { throw FormatError("words.js: malformed") }
        let sharedWords = wordList.split(separator: " ").map(String.init)
        guard sharedWords.count == header["words"] as? Int else { throw FormatError("words.js: word count does not match") }

        var sections: [SearchSection] = []
        var documentStarts: [Int] = []
        var counts = CompactNumbers.Reader(Array(documentCounts.utf8))
        var file = 0
        while !counts.atEnd {
            let expected = try counts.next()
            documentStarts.append(sections.count)
            let read = try documents(folder, file: file, words: sharedWords)
            guard read.count == expected else { throw FormatError("\(SearchIndexFiles.documents(file)): \(expected) sections expected") }
            sections += read
            file += 1
        }
        guard sections.count == sectionCount else { throw FormatError("entry.js: section count does not match") }
        return SearchIndex(sections: sections, terms: terms,
                           layout: SearchIndexLayout(dictionaryStarts: dictionaryStarts, postingsStarts: postingsStarts,
                                                     documentStarts: documentStarts, dictionaryNames: names),
                           sharedWords: sharedWords)
    }

    private static func postingsContents(_ folder: URL, name: String, place: Int) throws -> [UInt8] {
        let path = SearchIndexFiles.postings(name, place)
        let values = try arguments(of: folder.appendingPathComponent(path), kind: "postings",
                                   identity: .name(SearchIndexFiles.postingsName(name, place)))
        guard let text = values.first as? String else { throw FormatError("\(path): malformed") }
        return Array(text.utf8)
    }

    static func decodePostings(_ text: [UInt8], expected: Int) throws -> [Posting] {
        var reader = CompactNumbers.Reader(text)
        var postings: [Posting] = []
        var section = 0
        while !reader.atEnd {
            section += try reader.next()
            guard section <= Int(UInt32.max) else { throw FormatError("postings: a section number is too large") }
            postings.append(Posting(section: section, weight: try reader.nextDigit()))
        }
        guard postings.count == expected else { throw FormatError("postings: \(expected) expected, \(postings.count) found") }
        return postings
    }

    private static func documents(_ folder: URL, file: Int, words: [String]) throws -> [SearchSection] {
        let path = SearchIndexFiles.documents(file)
        let values = try arguments(of: folder.appendingPathComponent(path), kind: "docs", identity: .number(file))
        guard values.count == 2, let pages = values[0] as? [[String]], let rows = values[1] as? [[Any]] else {
            throw FormatError("\(path): malformed")
        }
        return try rows.map { row in
            guard row.count == 4 || row.count == 5, let page = row[0] as? Int, pages.indices.contains(page),
                  pages[page].count == 3, let heading = row[1] as? String, let parent = row[2] as? String,
                  let coded = row[3] as? String
            else { throw FormatError("\(path): malformed section") }
            let anchor: String
            if row.count == 5 {
                guard let explicit = row[4] as? String else { throw FormatError("\(path): malformed anchor") }
                anchor = explicit
            } else {
                guard let derived = SearchIndexEncoder.derivedAnchor(heading) else {
                    throw FormatError("\(path): a section with a non-ASCII heading has no anchor")
                }
                anchor = derived
            }
            return SearchSection(page: pages[page][0], anchor: anchor, pageTitle: pages[page][1], heading: heading,
                                 parentHeading: parent, skill: pages[page][2],
                                 text: try TextCodebook.decode(coded, words: words))
        }
    }

    /// What a file calls itself after its kind: a number, or a name (`SearchIndexFiles`).
    private enum Identity {
        case number(Int)
        case name(String)

        func matches(_ value: Any) -> Bool {
            switch self {
            case .number(let number): value as? Int == number
            case .name(let name): value as? String == name
            }
        }
    }

    /// The arguments after kind and number (or name) of the `skillbookSearchData(...)` call in a file.
    private static func arguments(of url: URL, kind: String, identity: Identity = .number(0)) throws -> [Any] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw FormatError("\(url.path): cannot read this index file; rebuild the site")
        }
        // Codes in texts are raw control characters, which JavaScript allows in strings and JSON does not.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count)
        for byte in data {
            if byte < 0x20 && byte != 0x0A {
                bytes += Array("\\u00".utf8) + Array(String(byte, radix: 16).leftPadded(to: 2).utf8)
            } else {
                bytes.append(byte)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let prefix = "skillbookSearchData("
        guard text.hasPrefix(prefix), let close = text.lastIndex(of: ")") else {
            throw FormatError("\(url.lastPathComponent): not a skillbook index file")
        }
        let json = "[" + text[text.index(text.startIndex, offsetBy: prefix.count)..<close] + "]"
        guard let values = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any], values.count >= 2,
              values[0] as? String == kind, identity.matches(values[1]) else {
            throw FormatError("\(url.lastPathComponent): not a valid '\(kind)' index file")
        }
        return Array(values.dropFirst(2))
    }
}
