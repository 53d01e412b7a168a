/// Reads what `BinaryWriter` wrote, checking every length, count, index and tag against the
/// bytes there are: a damaged record throws `CacheDamage`, it never reads out of bounds, never
/// allocates more than its bytes can describe, and never recurses past `maximumDepth`.
struct BinaryReader {
    /// Nesting deeper than any parse keeps (`InputLimits.maximumMarkdownDepth` of blocks and
    /// inlines, `maximumYAMLDepth` of YAML) is damage, not content.
    static let maximumDepth = 4 * (InputLimits.maximumMarkdownDepth + InputLimits.maximumYAMLDepth)

    private let bytes: UnsafeRawBufferPointer
    private var position: Int
    private var strings: [String] = []
    /// The tree's values read so far (`TreeValues`).
    var tree = TreeValues()
    /// Makes a document's tree from what its record says of the tree's record, which follows it
    /// (`TrailingRecord`), to decode it when first used (`MarkdownTree`); without it (and
    /// `lazyRules`), the trailing records are in the bytes read and are decoded at once.
    var lazyTree: ((TrailingRecord) -> MarkdownTree)?
    /// The same for a document's rules (`MarkdownRules`).
    var lazyRules: ((TrailingRecord) -> MarkdownRules)?
    /// The same for a document's headed lists (`MarkdownHeadedLists`).
    var lazyHeadedLists: ((TrailingRecord) -> MarkdownHeadedLists)?

    /// `record` must stay valid while the reader is used.
    init(record: UnsafeRawBufferPointer) throws(CacheDamage) {
        bytes = record
        position = 0
        let count = try self.count()
        strings.reserveCapacity(count)
        for _ in 0..<count {
            let length = try self.count()
            guard length <= bytes.count - position else { throw CacheDamage("string past the record's end") }
            strings.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self))
            position += length
        }
    }

    var isAtEnd: Bool { position == bytes.count }

    mutating func byte() throws(CacheDamage) -> UInt8 {
        guard position < bytes.count else { throw CacheDamage("record ends early") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() throws(CacheDamage) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw CacheDamage("not a boolean")
        }
    }

    mutating func unsigned() throws(CacheDamage) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64, shift < 63 || next <= 1 else { throw CacheDamage("number too long") }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    /// What `BinaryWriter.word` wrote.
    mutating func word() throws(CacheDamage) -> UInt64 {
        guard bytes.count - position >= 8 else { throw CacheDamage("record ends early") }
        defer { position += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    mutating func int() throws(CacheDamage) -> Int {
        let raw = try unsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count of things that follow: each takes at least one byte, so a count past the bytes
    /// left is damage (and no array is ever sized from a damaged count).
    mutating func count() throws(CacheDamage) -> Int {
        let raw = try unsigned()
        guard raw <= UInt64(bytes.count - position) else { throw CacheDamage("count past the record's end") }
        return Int(raw)
    }

    mutating func string() throws(CacheDamage) -> String {
        let index = try unsigned()
        guard index < UInt64(strings.count) else { throw CacheDamage("string index out of range") }
        return strings[Int(index)]
    }

    /// The range of the next `length` bytes, passed over; `length` comes from `count()`.
    mutating func skip(_ length: Int) throws(CacheDamage) -> Range<Int> {
        guard length <= bytes.count - position else { throw CacheDamage("record ends early") }
        defer { position += length }
        return position..<position + length
    }

    /// `body` on a range of the bytes read (from `skip`).
    func withRecord<Result>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws(CacheDamage) -> Result)
        throws(CacheDamage) -> Result {
        try body(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    mutating func optionalString() throws(CacheDamage) -> String? {
        try bool() ? try string() : nil
    }

    /// `count()` elements read by `element`.
    mutating func array<Element>(_ element: (inout BinaryReader) throws(CacheDamage) -> Element) throws(CacheDamage) -> [Element] {
        let count = try self.count()
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try element(&self)) }
        return result
    }

    static func checkDepth(_ depth: Int) throws(CacheDamage) {
        if depth > maximumDepth { throw CacheDamage("nesting too deep") }
    }
}

/// Why a cache, or one of its records, was not used: a `--verbose` build says it.
public struct CacheDamage: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
