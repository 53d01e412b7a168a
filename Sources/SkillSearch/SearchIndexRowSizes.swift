import Foundation
import SkillParser

/// The size of every document's rows in the document files (`d/N.js`) under one set of shared
/// words, kept between builds beside the counts (`SearchIndexCache`): the document files are cut
/// by these sizes, and with them known a rebuild encodes the rows of the documents that changed
/// and of the files that must be written again, not every section's text (which was a fifth of
/// the rebuild's index step).
///
/// A `CacheFile` (its key: the program's) whose payload is the digest of the shared words the
/// sizes were measured with (16 bytes), the number of documents, then per document its key (16
/// bytes), its number of rows and each row's size. Numbers are LEB128. A file that does not parse
/// is ignored whole.
public struct SearchIndexRowSizes: Sendable, Equatable {
    public typealias Key = ContentHash

    /// The format is bumped whenever a row's layout changes.
    static let kind = CacheFile.Kind(magic: "SKBIXROW", format: 1, name: "search index row sizes")

    /// The digest of the shared words (`SearchIndexEncoder.codebookDigest`) the sizes hold for.
    var codebook: ContentHash
    /// Each document's row sizes by its key, in the order of its sections.
    var sizes: [Key: [Int]]

    init(codebook: ContentHash, sizes: [Key: [Int]]) {
        self.codebook = codebook
        self.sizes = sizes
    }

    /// The sizes in `file`: `nil` when there are none; throws, saying why, when there is a file
    /// this program cannot use.
    public static func read(_ file: URL, program: Key) throws(CacheDamage) -> SearchIndexRowSizes? {
        try CacheFile.read(file, kind: kind, key: program, parse: SearchIndexRowSizes.init(payload:))
    }

    /// Writes the sizes to `file` under the program's key.
    public func write(to file: URL, program: Key) throws {
        try CacheFile.write(to: file, kind: Self.kind, key: program) { output in try output.write(payload()) }
    }

    /// The sizes in `payload`, or `nil` when it does not parse.
    init?(payload data: [UInt8]) {
        var reader = CacheReader(data)
        guard let codebook = reader.key(), let count = reader.number() else { return nil }
        var sizes: [Key: [Int]] = [:]
        sizes.reserveCapacity(min(count, data.count))
        for _ in 0..<min(count, data.count) {
            guard let key = reader.key(), let rows = reader.number(), rows <= data.count else { return nil }
            var row: [Int] = []
            row.reserveCapacity(rows)
            for _ in 0..<rows {
                guard let size = reader.number() else { return nil }
                row.append(size)
            }
            sizes[key] = row
        }
        guard reader.atEnd else { return nil }
        self.init(codebook: codebook, sizes: sizes)
    }

    /// The payload holding these sizes, documents in key order (the same sizes, the same bytes).
    func payload() -> [UInt8] {
        var writer = CacheWriter()
        writer.key(codebook)
        writer.number(sizes.count)
        for key in sizes.keys.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) {
            writer.key(key)
            let rows = sizes[key]!
            writer.number(rows.count)
            for size in rows { writer.number(size) }
        }
        return writer.bytes
    }
}
