/// Hashes that are the same in every process and on every machine. Swift's `Hasher` is
/// seeded per process, so it cannot give deterministic signatures or band keys. Shared by
/// dedupe (word hashes, MinHash signatures, band keys) and the search index (where the
/// dictionary is cut, `SearchIndexEncoder.termDigest`); inlinable because both call it per word.
public enum StableHash {
    public static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a over the UTF-8 bytes, then `mix` to spread FNV's weak low bits.
    @inlinable
    public static func string(_ text: String) -> UInt64 {
        var hash = fnvOffset
        for byte in text.utf8 { hash = fnvStep(hash, byte) }
        return mix(hash)
    }

    /// One byte of FNV-1a; `mix(fold of fnvStep over the bytes)` equals `string` of them.
    @inlinable @inline(__always)
    public static func fnvStep(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// The SplitMix64 finaliser: a bijection on 64 bits whose output bits all depend on all
    /// input bits.
    @inlinable @inline(__always)
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Combines two hashes in an order-sensitive way (`combine(a, b) != combine(b, a)`).
    @inlinable @inline(__always)
    public static func combine(_ first: UInt64, _ second: UInt64) -> UInt64 {
        mix(first &* 0x9e37_79b9_7f4a_7c15 &+ second)
    }
}
