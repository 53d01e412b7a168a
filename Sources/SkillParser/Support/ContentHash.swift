/// A 128-bit digest of what a file was made from (a source's bytes, a page's inputs), the same in every process and on
/// every machine (Swift's `Hasher` is seeded per process, so it cannot be kept between builds).
///
/// It detects change, nothing more: two lanes of multiply-rotate mixing over 8-byte words, about
/// as fast as memory can be read, with no claim to resist inputs crafted to collide. A collision
/// could at worst keep an unchanged-looking page from being re-rendered; both lanes must collide.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    /// 32 lower-case hex digits, as the cache file stores it.
    public var description: String {
        Self.hex(high) + Self.hex(low)
    }

    /// Reads the 32 hex digits `description` writes.
    public init?(hex text: Substring) {
        guard text.utf8.count == 32, let high = UInt64(text.prefix(16), radix: 16),
              let low = UInt64(text.suffix(16), radix: 16) else { return nil }
        self.high = high
        self.low = low
    }

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Feeds values into a `ContentHash`. Every variable-length value is preceded by its length, so
/// that no two different sequences of values feed the same bytes.
public struct ContentHasher {
    @usableFromInline var a: UInt64 = 0x243F_6A88_85A3_08D3
    @usableFromInline var b: UInt64 = 0x1319_8A2E_0370_7344
    @usableFromInline var count: UInt64 = 0

    public init() {}

    @inlinable
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        add(UInt64(bytes.count))
        var index = 0
        while index + 8 <= bytes.count {
            mixWord(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        if index < bytes.count {
            var tail: UInt64 = 0
            for (shift, byte) in bytes[index...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
            mixWord(tail)
        }
    }

    @inlinable
    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    @inlinable
    public mutating func add(_ value: UInt64) {
        mixWord(value)
    }

    @inlinable
    public mutating func add(_ value: Int) {
        mixWord(UInt64(bitPattern: Int64(value)))
    }

    @inlinable
    public mutating func add(_ hash: ContentHash) {
        mixWord(hash.high)
        mixWord(hash.low)
    }

    @inlinable @inline(__always)
    mutating func mixWord(_ word: UInt64) {
        count &+= 1
        a = ((a ^ word) &* 0x9E37_79B9_7F4A_7C15).rotatedLeft(29) &+ b
        b = ((b ^ word) &* 0xC2B2_AE3D_27D4_EB4F).rotatedLeft(31) &+ 0x1656_67B1_9E37_79F9
    }

    /// The digest of everything fed so far.
    public func finalize() -> ContentHash {
        ContentHash(high: Self.avalanche(a ^ count), low: Self.avalanche(b &+ Self.avalanche(a)))
    }

    /// The SplitMix64 finaliser: every output bit depends on every input bit.
    private static func avalanche(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The digest of one buffer.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add(bytes)
        return hasher.finalize()
    }
}

extension UInt64 {
    @inlinable @inline(__always)
    func rotatedLeft(_ bits: UInt64) -> UInt64 { (self << bits) | (self >> (64 - bits)) }
}
