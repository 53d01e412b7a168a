/// Findings kept in a build cache file, per file: for each entry its path, the digest of the
/// bytes the findings were made from, and one list of diagnostics per kind the caller keeps
/// (say, one per check). Written as one record of the parse cache's encoding (`BinaryWriter`:
/// varints, each distinct string once), so a cache of the check step needs no format of its own.
public enum FindingsRecord {
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var digest: ContentHash
        public var lists: [[Diagnostic]]

        public init(path: String, digest: ContentHash, lists: [[Diagnostic]]) {
            self.path = path
            self.digest = digest
            self.lists = lists
        }
    }

    public static func encode(_ entries: [Entry]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.count(entries.count)
        for entry in entries {
            writer.string(entry.path)
            writer.unsigned(entry.digest.high)
            writer.unsigned(entry.digest.low)
            writer.count(entry.lists.count)
            for list in entry.lists {
                writer.count(list.count)
                for diagnostic in list { writer.write(diagnostic) }
            }
        }
        return writer.finished()
    }

    /// What `encode` wrote; throws on anything that does not add up, without reading past `bytes`.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(CacheDamage) -> [Entry] {
        var reader = try BinaryReader(record: bytes)
        let entries = try reader.array { (reader: inout BinaryReader) throws(CacheDamage) -> Entry in
            let path = try reader.string()
            let digest = ContentHash(high: try reader.unsigned(), low: try reader.unsigned())
            let lists = try reader.array { (reader: inout BinaryReader) throws(CacheDamage) -> [Diagnostic] in
                try reader.array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.diagnostic() }
            }
            return Entry(path: path, digest: digest, lists: lists)
        }
        guard reader.isAtEnd else { throw CacheDamage("bytes after the findings") }
        return entries
    }
}
