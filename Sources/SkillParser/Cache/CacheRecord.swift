/// The parse cache's record encoding (`BinaryWriter`, `BinaryReader`: varints, each distinct
/// string once, every length checked on reading) for the caches of other modules, so a cache
/// of a later step needs no encoding of its own. A record goes in a `CacheFile`, whose framing
/// checks the bytes; reading still checks every count and index against the bytes there are.
public struct CacheRecordWriter {
    private var writer = BinaryWriter()

    public init() {}

    public mutating func bool(_ value: Bool) { writer.bool(value) }
    public mutating func unsigned(_ value: UInt64) { writer.unsigned(value) }
    public mutating func int(_ value: Int) { writer.int(value) }
    public mutating func count(_ value: Int) { writer.count(value) }
    public mutating func string(_ text: String) { writer.string(text) }
    public mutating func optionalString(_ text: String?) { writer.optionalString(text) }
    public mutating func location(_ location: SourceLocation) { writer.write(location) }
    public mutating func hash(_ value: ContentHash) {
        writer.unsigned(value.high)
        writer.unsigned(value.low)
    }

    /// The record's bytes.
    public func finished() -> [UInt8] { writer.finished() }
}

/// Reads what `CacheRecordWriter` wrote; throws `CacheDamage` on anything that does not add up.
public struct CacheRecordReader {
    private var reader: BinaryReader

    /// `record` must stay valid while the reader is used.
    public init(record: UnsafeRawBufferPointer) throws(CacheDamage) {
        reader = try BinaryReader(record: record)
    }

    public var isAtEnd: Bool { reader.isAtEnd }

    public mutating func bool() throws(CacheDamage) -> Bool { try reader.bool() }
    public mutating func unsigned() throws(CacheDamage) -> UInt64 { try reader.unsigned() }
    public mutating func int() throws(CacheDamage) -> Int { try reader.int() }
    /// A count of things that follow, each at least one byte: never past the bytes left.
    public mutating func count() throws(CacheDamage) -> Int { try reader.count() }
    public mutating func string() throws(CacheDamage) -> String { try reader.string() }
    public mutating func optionalString() throws(CacheDamage) -> String? { try reader.optionalString() }
    public mutating func location() throws(CacheDamage) -> SourceLocation { try reader.location() }
    public mutating func hash() throws(CacheDamage) -> ContentHash {
        ContentHash(high: try reader.unsigned(), low: try reader.unsigned())
    }

    /// `count()` elements read by `element`.
    public mutating func array<Element>(_ element: (inout CacheRecordReader) throws(CacheDamage) -> Element)
        throws(CacheDamage) -> [Element] {
        let count = try self.count()
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try element(&self)) }
        return result
    }
}
