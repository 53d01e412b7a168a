import SkillParser

/// The size of every document's rows in the document files (`d/N.js`) under one set of shared
/// words, kept between builds beside the counts (`SearchIndexCache`): the document files are cut
/// by these sizes, and with them known a rebuild encodes the rows of the documents that changed
/// and of the files that must be written again, not every section's text (which was a fifth of
/// the rebuild's index step).
///
/// A binary file: a header line, the program's key (16 bytes), the digest of the shared words the
/// sizes were measured with (16 bytes), then per document its key (16 bytes), its number of rows
/// and each row's size. Numbers are LEB128. A file that does not parse is ignored whole.
public struct SearchIndexRowSizes: Sendable, Equatable {
    public typealias Key = ContentHash

    /// Bumped whenever a row's layout changes.
    static let header = Array("skillbook index rows 1\n".utf8)

    /// The digest of the shared words (`SearchIndexEncoder.codebookDigest`) the sizes hold for.
    var codebook: ContentHash
    /// Each document's row sizes by its key, in the order of its sections.
    var sizes: [Key: [Int]]

    init(codebook: ContentHash, sizes: [Key: [Int]]) {
        self.codebook = codebook
        self.sizes = sizes
    }

    /// The sizes in `data`, or `nil` when it is not a file this program wrote under `program`.
    public init?(data: [UInt8], program: Key) {
        var reader = CacheReader(data)
        guard let head = reader.bytes(Self.header.count), head.elementsEqual(Self.header),
              reader.key() == program, let codebook = reader.key(), let count = reader.number() else { return nil }
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

    /// The file holding these sizes, documents in key order (the same sizes, the same bytes).
    public func file(program: Key) -> [UInt8] {
        var writer = CacheWriter()
        writer.bytes += Self.header
        writer.key(program)
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
