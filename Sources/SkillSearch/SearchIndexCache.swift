import Foundation
import SkillParser

/// The search index's part of the build cache: the counts of every document of the last build
/// (`DocumentCounts`), each under a key that covers everything they were made from (the caller's:
/// the digest of the source's bytes, the path, the kind and the skill's name), so that a rebuild
/// splits and counts only the documents that changed, and patches the index the last build
/// assembled (`SearchIndexState`) with the changed documents' old counts, read here, and new ones.
///
/// A `CacheFile` (its key: the program's) whose payload is the number of records, then a record
/// per document: its key (16 bytes), the length of its payload, and the payload. Numbers are
/// LEB128, strings their UTF-8 length and bytes. A cache that does not parse is ignored whole; a
/// record that does not decode counts its document anew.
public struct SearchIndexCache: Sendable {
    /// A document's key, or the program's.
    public typealias Key = ContentHash

    /// The format is bumped whenever the tokenizer, the splitter or the payload's layout changes.
    static let kind = CacheFile.Kind(magic: "SKBINDEX", format: 2, name: "search index cache")

    private let bytes: [UInt8]
    private let records: [Key: Range<Int>]

    /// No previous counts.
    public init() {
        bytes = []
        records = [:]
    }

    /// The cache in `file`: `nil` when there is none; throws, saying why, when there is one this
    /// program cannot use (another program's, damaged, records that do not parse).
    public static func read(_ file: URL, program: Key) throws(CacheDamage) -> SearchIndexCache? {
        try CacheFile.read(file, kind: kind, key: program, parse: SearchIndexCache.init(payload:))
    }

    /// The records in `payload`, or `nil` when they do not parse.
    init?(payload data: [UInt8]) {
        var reader = CacheReader(data)
        guard let count = reader.number() else { return nil }
        var records: [Key: Range<Int>] = [:]
        for _ in 0..<min(count, data.count) {
            guard let key = reader.key(), let length = reader.number(), let payload = reader.range(length) else { return nil }
            records[key] = payload
        }
        guard reader.atEnd else { return nil }
        self.bytes = data
        self.records = records
    }

    var count: Int { records.count }

    /// The payload of the document under `key`, as written.
    func payload(_ key: Key) -> ArraySlice<UInt8>? {
        records[key].map { bytes[$0] }
    }

    /// The counts of the document under `key`, or `nil` when there are none or they do not decode.
    func counts(_ key: Key) -> DocumentCounts? {
        payload(key).flatMap(Self.decode)
    }

    /// A document's key and its counts, encoded as the cache keeps them only when written.
    public typealias Record = (key: Key, counts: KeptCounts)

    /// A document's counts for the next build: the payload the previous cache held (written as
    /// it was), or the counts of this build, encoded as the file is written. Counts are not
    /// encoded as they are made: the records of every document (about as large as the
    /// collection's text, in arrays grown by doubling) were the largest part of the build's peak
    /// of memory, held beside the counts they repeat until all were counted.
    public struct KeptCounts: Sendable {
        enum Source: Sendable {
            case previous(ArraySlice<UInt8>)
            /// Counts whose terms are numbers in `table` (`CountedBatch.documentTerms`).
            case counted(DocumentCounts, terms: [UInt32], table: [String])
        }

        let source: Source

        /// The payload the cache keeps.
        var encoded: ArraySlice<UInt8> {
            switch source {
            case .previous(let payload): return payload
            case .counted(var counts, let terms, let table):
                counts.terms = terms.map { table[Int($0)] }
                return SearchIndexCache.encode(counts)[...]
            }
        }
    }

    /// Writes `records` (in the order given) to `file` under the program's key, a megabyte at a
    /// time (`CacheFile.write`), so that the file (as large as the collection's text) is never
    /// held a second time.
    /// Returns where each record's payload is in the file (`Location`), in the order of `records`.
    @discardableResult
    public static func write(_ records: [Record], program: Key, to file: URL) throws -> [Location] {
        var locations: [Location] = []
        try CacheFile.write(to: file, kind: kind, key: program) { output in
            locations = try forEachChunk(records) { try output.write($0) }
        }
        return locations
    }

    /// The payload holding `records`, handed to `body` in pieces of about a megabyte. Counts are
    /// encoded on all cores a group of documents at a time, so only a group's records are held.
    /// Returns where each record's payload is in it, and its digest.
    @discardableResult
    static func forEachChunk(_ records: [Record], _ body: ([UInt8]) throws -> Void) rethrows -> [Location] {
        var writer = CacheWriter()
        var locations: [Location] = []
        locations.reserveCapacity(records.count)
        // Bytes handed to `body` before `writer.bytes`.
        var handed = 0
        writer.number(records.count)
        let groupSize = 32 * Parallel.cores
        var start = 0
        while start < records.count {
            let group = Array(records[start..<min(records.count, start + groupSize)])
            let payloads = Parallel.map(group) { record -> (ArraySlice<UInt8>, ContentHash) in
                let payload = record.counts.encoded
                return (payload, payload.withUnsafeBytes { ContentHasher.hash($0) })
            }
            for (record, (payload, digest)) in zip(group, payloads) {
                writer.key(record.key)
                writer.number(payload.count)
                locations.append(Location(offset: handed + writer.bytes.count, length: payload.count, digest: digest))
                writer.bytes += payload
                if writer.bytes.count >= 1 << 20 {
                    try body(writer.bytes)
                    handed += writer.bytes.count
                    writer.bytes.removeAll(keepingCapacity: true)
                }
            }
            start += group.count
        }
        if !writer.bytes.isEmpty { try body(writer.bytes) }
        return locations
    }

    /// The payload holding `records`, whole, and where each record is in it (for tests).
    static func payload(of records: [Record]) -> [UInt8] {
        var payload: [UInt8] = []
        forEachChunk(records) { payload += $0 }
        return payload
    }

    // MARK: Payload

    static func encode(_ counts: DocumentCounts) -> [UInt8] {
        // Room for the texts and about five bytes a count made at once: the payloads of a
        // collection (as large as its text) grew by doubling, a tenth of writing the counts file.
        var writer = CacheWriter()
        writer.bytes.reserveCapacity(counts.sections.reduce(64) { $0 + $1.text.utf8.count + $1.page.utf8.count + 64 }
                                     + counts.terms.count * 10 + counts.sectionEnds.count * CacheWriter.largest * 3
                                     + counts.entries.count * CacheWriter.largest32 * 4 + counts.ownForm.count * CacheWriter.largest)
        writer.number(counts.sections.count)
        for section in counts.sections {
            // One call each, not a loop over an array of the seven made for each section.
            writer.string(section.page)
            writer.string(section.anchor)
            writer.string(section.pageTitle)
            writer.string(section.heading)
            writer.string(section.parentHeading)
            writer.string(section.skill)
            writer.string(section.text)
        }
        writer.number(counts.terms.count)
        for term in counts.terms { writer.string(term) }
        // Most documents have no description: their sections and counts are not looked up
        // (hashed) one by one in empty dictionaries.
        let described = !counts.descriptionTwice.isEmpty
        let describedSections = !counts.descriptionLengths.isEmpty
        // The counts, four numbers each, written straight into room made for them.
        writer.direct(upTo: counts.sectionEnds.count * CacheWriter.largest * 3 + counts.entries.count * CacheWriter.largest32 * 4
                      + counts.ownForm.count * CacheWriter.largest) { output in
            var entry = 0
            for (section, end) in counts.sectionEnds.enumerated() {
                output.number(end - entry)
                output.number(counts.lengths[section])
                output.number(describedSections ? counts.descriptionLengths[section].map { $0 + 1 } ?? 0 : 0)
                while entry < end {
                    let item = counts.entries[entry]
                    output.number(UInt32: item.term)
                    output.number(UInt32: item.shortTwice)
                    output.number(UInt32: item.longTwice)
                    output.number(described ? counts.descriptionTwice[entry].map { Int($0) + 1 } ?? 0 : 0)
                    entry += 1
                }
            }
            for own in counts.ownForm { output.number(UInt32: own) }
        }
        writer.number(counts.otherForms.count)
        for form in counts.otherForms {
            writer.number(Int(form.term))
            writer.string(form.surface)
            writer.number(Int(form.count))
        }
        return writer.bytes
    }

    static func decode(_ payload: ArraySlice<UInt8>) -> DocumentCounts? {
        var terms: [String] = []
        guard var counts = decode(payload, term: { terms.append(String(decoding: $0, as: UTF8.self)) }) else { return nil }
        counts.terms = terms
        return counts
    }

    /// The counts in `payload` with their `terms` left empty: each term's bytes go to `term`, in
    /// order (a rebuild numbers them in its batch's table without making a string of each).
    static func decode(_ payload: ArraySlice<UInt8>, term: (ArraySlice<UInt8>) -> Void) -> DocumentCounts? {
        var reader = CacheReader(payload)
        var counts = DocumentCounts()
        guard let sections = sections(&reader) else { return nil }
        counts.sections = sections
        let sectionCount = sections.count
        guard let termCount = reader.number(), termCount <= payload.count else { return nil }
        for _ in 0..<termCount {
            guard let length = reader.number(), let bytes = reader.bytes(length) else { return nil }
            term(bytes)
        }
        for section in 0..<sectionCount {
            guard let entries = reader.number(), entries <= payload.count, let length = reader.number(),
                  let description = reader.number() else { return nil }
            counts.lengths.append(length)
            if description > 0 { counts.descriptionLengths[section] = description - 1 }
            for _ in 0..<entries {
                guard let term = reader.number(), term < termCount, let short = reader.number(), let long = reader.number(),
                      let twice = reader.number(), short <= UInt32.max, long <= UInt32.max, twice <= UInt32.max else { return nil }
                if twice > 0 { counts.descriptionTwice[counts.entries.count] = UInt32(twice - 1) }
                counts.entries.append(.init(term: UInt32(term), shortTwice: UInt32(short), longTwice: UInt32(long)))
            }
            counts.sectionEnds.append(counts.entries.count)
        }
        for _ in 0..<termCount {
            guard let own = reader.number(), own <= UInt32.max else { return nil }
            counts.ownForm.append(UInt32(own))
        }
        guard let formCount = reader.number(), formCount <= payload.count else { return nil }
        for _ in 0..<formCount {
            guard let term = reader.number(), term < termCount, let surface = reader.string(), let count = reader.number(),
                  count <= UInt32.max else { return nil }
            counts.otherForms.append(.init(term: UInt32(term), surface: surface, count: UInt32(count)))
        }
        return reader.atEnd ? counts : nil
    }

    /// The sections of the document whose payload is `payload`, without its counts (which are
    /// not decoded), or `nil` when they do not decode.
    static func sections(_ payload: ArraySlice<UInt8>, texts: Bool = true) -> [SearchSection]? {
        var reader = CacheReader(payload)
        return sections(&reader, texts: texts)
    }

    /// The sections at the start of a payload; without `texts`, each with an empty text (a
    /// patched rebuild needs the texts of the few document files it writes, read with
    /// `text(_:section:)`: making a string of every section's text was most of reading them).
    private static func sections(_ reader: inout CacheReader, texts: Bool = true) -> [SearchSection]? {
        guard let sectionCount = reader.number(), sectionCount <= reader.data.count else { return nil }
        var sections: [SearchSection] = []
        sections.reserveCapacity(sectionCount)
        // The sections of a document share their page, title and skill: made once, not per section.
        var shared: [(bytes: ArraySlice<UInt8>, text: String)] = Array(repeating: ([], ""), count: 3)
        func sharedString(_ field: Int, _ reader: inout CacheReader) -> String? {
            guard let length = reader.number(), let bytes = reader.bytes(length) else { return nil }
            if !bytes.elementsEqual(shared[field].bytes) { shared[field] = (bytes, String(decoding: bytes, as: UTF8.self)) }
            return shared[field].text
        }
        for _ in 0..<sectionCount {
            guard let page = sharedString(0, &reader), let anchor = reader.string(), let title = sharedString(1, &reader),
                  let heading = reader.string(), let parent = reader.string(), let skill = sharedString(2, &reader),
                  let length = reader.number(), let textBytes = reader.bytes(length) else { return nil }
            let text = texts ? String(decoding: textBytes, as: UTF8.self) : ""
            sections.append(SearchSection(page: page, anchor: anchor, pageTitle: title, heading: heading,
                                          parentHeading: parent, skill: skill, text: text))
        }
        return sections
    }
}

/// Writes the cache's numbers, strings and keys.
struct CacheWriter {
    var bytes: [UInt8] = []

    /// The most bytes a number takes (64 bits, 7 a byte), and one of 32 bits.
    static let largest = 10
    static let largest32 = 5

    mutating func number(_ value: Int) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func string(_ text: String) {
        number(text.utf8.count)
        bytes += text.utf8
    }

    mutating func key(_ key: SearchIndexCache.Key) {
        for word in [key.high, key.low] {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
    }

    /// Lets `body` write numbers (at most `maximum` bytes of them) straight into room made at the
    /// end of `bytes`, which is then cut to what was written. Appended a byte at a time, each
    /// append checking the array's uniqueness and room (calls the optimiser left), the counts
    /// file's and the index state's millions of numbers were most of encoding them.
    mutating func direct(upTo maximum: Int, _ body: (inout Direct) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: maximum))
        let end = bytes.withUnsafeMutableBufferPointer { buffer in
            var output = Direct(buffer: buffer, position: start)
            body(&output)
            return output.position
        }
        bytes.removeLast(bytes.count - end)
    }

    /// Numbers written into room `direct` made, as `number(_:)` writes them.
    struct Direct {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var position: Int

        @inline(__always)
        mutating func number(_ value: Int) {
            var rest = UInt64(value)
            while rest >= 0x80 {
                buffer[position] = UInt8(truncatingIfNeeded: rest) | 0x80
                rest >>= 7
                position += 1
            }
            buffer[position] = UInt8(rest)
            position += 1
        }

        @inline(__always)
        mutating func number(UInt32 value: UInt32) { number(Int(value)) }
    }
}

/// Reads what `CacheWriter` wrote; every read returns `nil` past the end or on a malformed value.
struct CacheReader {
    let data: ArraySlice<UInt8>
    var offset: Int

    init(_ data: ArraySlice<UInt8>) {
        self.data = data
        offset = data.startIndex
    }

    init(_ data: [UInt8]) { self.init(data[...]) }

    var atEnd: Bool { offset == data.endIndex }

    mutating func number() -> Int? {
        var value: UInt64 = 0, shift: UInt64 = 0
        while offset < data.endIndex, shift < 63 {
            let byte = data[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value <= UInt64(Int.max) ? Int(value) : nil }
            shift += 7
        }
        return nil
    }

    mutating func range(_ length: Int) -> Range<Int>? {
        guard length <= data.endIndex - offset else { return nil }
        defer { offset += length }
        return offset..<(offset + length)
    }

    mutating func bytes(_ length: Int) -> ArraySlice<UInt8>? {
        range(length).map { data[$0] }
    }

    mutating func string() -> String? {
        guard let length = number(), let text = bytes(length) else { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    mutating func key() -> SearchIndexCache.Key? {
        guard let bytes = bytes(16) else { return nil }
        var words: [UInt64] = [0, 0]
        for (index, byte) in bytes.enumerated() { words[index / 8] |= UInt64(byte) << UInt64(8 * (index % 8)) }
        return SearchIndexCache.Key(high: words[0], low: words[1])
    }
}
