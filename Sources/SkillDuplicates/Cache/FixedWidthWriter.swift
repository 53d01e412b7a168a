/// Writes the duplicate cache: fixed-width little-endian numbers and whole arrays of them, each
/// array starting on an 8-byte boundary, so that reading one back is a single copy.
struct FixedWidthWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) {
        u64(UInt64(bitPattern: Int64(value)))
    }

    /// A count, then the values, then padding to the next multiple of 8 bytes.
    mutating func array<Value: FixedWidthInteger>(_ values: [Value]) {
        int(values.count)
        #if _endian(little)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for value in values { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        #endif
        align()
    }

    private mutating func align() {
        while bytes.count % 8 != 0 { bytes.append(0) }
    }
}

/// Reads what `FixedWidthWriter` wrote, checking every count against the bytes there are; a
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
