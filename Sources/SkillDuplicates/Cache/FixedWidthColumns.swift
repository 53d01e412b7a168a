import SkillParser

/// Writes the duplicate cache's payload straight into its cache file: fixed-width little-endian
/// numbers and whole arrays of them, each array starting on an 8-byte boundary, so that reading
/// one back is a single copy. Columns go out as they are made; the payload is never held whole.
extension CacheFile.Writer {
    mutating func u64(_ value: UInt64) throws {
        try withUnsafeBytes(of: value.littleEndian) { try write($0) }
    }

    mutating func int(_ value: Int) throws {
        try u64(UInt64(bitPattern: Int64(value)))
    }

    /// A count, then the values, then padding to the next multiple of 8 bytes.
    mutating func column<Value: FixedWidthInteger>(_ values: [Value]) throws {
        try column(count: values.count) { output throws in try output.values(values) }
    }

    /// A column of `count` values that `body` writes in pieces (`values`), then the padding.
    mutating func column(count: Int, _ body: (inout Self) throws -> Void) throws {
        try int(count)
        try body(&self)
        let padding = (8 - self.count % 8) % 8
        if padding > 0 { try write([UInt8](repeating: 0, count: padding)) }
    }

    /// Values of a column, little-endian.
    mutating func values<Value: FixedWidthInteger>(_ values: some Collection<Value>) throws {
        #if _endian(little)
        if let done = try values.withContiguousStorageIfAvailable({ buffer in try write(UnsafeRawBufferPointer(buffer)) }) {
            return done
        }
        #endif
        for value in values { try withUnsafeBytes(of: value.littleEndian) { try write($0) } }
    }
}

/// Reads what `CacheFile.Writer.column` wrote, checking every count against the bytes there are; a
/// damaged file throws, it never reads out of bounds nor allocates more than its bytes describe.
struct FixedWidthReader {
    struct Damage: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    mutating func u64() throws(Damage) -> UInt64 {
        guard bytes.count - position >= 8 else { throw Damage() }
        defer { position += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    mutating func int() throws(Damage) -> Int {
        let value = Int64(bitPattern: try u64())
        guard let int = Int(exactly: value) else { throw Damage() }
        return int
    }

    /// A count that must be between 0 and `limit`.
    mutating func count(atMost limit: Int) throws(Damage) -> Int {
        let count = try int()
        guard count >= 0, count <= limit else { throw Damage() }
        return count
    }

    /// The bytes of a column of `Value`s, where they are (not copied), checked as `array` checks them.
    mutating func column<Value: FixedWidthInteger>(of type: Value.Type) throws(Damage) -> UnsafeRawBufferPointer {
        let size = MemoryLayout<Value>.size
        let count = try count(atMost: (bytes.count - position) / size)
        let start = position
        position += count * size
        while position % 8 != 0 {
            guard position < bytes.count else { throw Damage() }
            position += 1
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count * size)])
    }

    mutating func array<Value: FixedWidthInteger>(of type: Value.Type) throws(Damage) -> [Value] {
        let size = MemoryLayout<Value>.size
        let count = try count(atMost: (bytes.count - position) / size)
        let start = position
        let values = [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            #if _endian(little)
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count * size)]))
            #else
            for index in 0..<count {
                buffer[index] = Value(littleEndian: bytes.loadUnaligned(fromByteOffset: start + index * size, as: Value.self))
            }
            #endif
            initialized = count
        }
        position += count * size
        while position % 8 != 0 {
            guard position < bytes.count else { throw Damage() }
            position += 1
        }
        return values
    }
}
