/// The digest of a cache file's payload (`CacheFile`), fed in pieces of any size: the words of the
/// payload in order, as if it were one buffer, then its length. Writing feeds it piece by piece as
/// the payload streams out; reading feeds the whole payload at once; both give the same digest.
///
/// Word `i` goes to lane `i % 4`, each lane a chain of its own (xor, multiply, rotate): the four
/// chains run side by side, about four times the speed of one `ContentHasher` chain, which was
/// 1.6% of a rebuild's processor time (perf; the duplicate cache reads 45 MB). Every step of a
/// lane is a bijection of the word, so changing any one word changes its lane and so the digest.
/// The lanes, the unfinished words and the length are mixed by a `ContentHasher` at the end.
struct CachePayloadDigest {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) =
        (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89)
    /// The bytes of a block of four words not yet complete, and how many there are.
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0
    private var length: UInt64 = 0

    private static let blockSize = 32

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length += UInt64(bytes.count)
        var index = 0
        if pendingCount > 0 {
            let taken = min(Self.blockSize - pendingCount, bytes.count)
            let count = pendingCount
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.advanced(by: count).copyMemory(from: base, byteCount: taken) }
            pendingCount += taken
            index = taken
            guard pendingCount == Self.blockSize else { return }
            let block = pending
            mix(UInt64(littleEndian: block.0), UInt64(littleEndian: block.1), UInt64(littleEndian: block.2),
                UInt64(littleEndian: block.3))
            (pending, pendingCount) = ((0, 0, 0, 0), 0)
        }
        var (a, b, c, d) = lanes
        while index + Self.blockSize <= bytes.count {
            a = Self.step(a, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)), 0x9E37_79B9_7F4A_7C15)
            b = Self.step(b, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)), 0xC2B2_AE3D_27D4_EB4F)
            c = Self.step(c, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)), 0x1656_67B1_9E37_79F9)
            d = Self.step(d, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)), 0xD6E8_FEB8_6659_FD93)
            index += Self.blockSize
        }
        lanes = (a, b, c, d)
        if index < bytes.count {
            let rest = bytes.count - index
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: base + index, byteCount: rest) }
            pendingCount = rest
        }
    }

    func finalize() -> ContentHash {
        var hasher = ContentHasher()
        let words = pending
        let (a, b, c, d) = lanes
        for value in [a, b, c, d, UInt64(pendingCount), UInt64(littleEndian: words.0), UInt64(littleEndian: words.1),
                      UInt64(littleEndian: words.2), UInt64(littleEndian: words.3), length] {
            hasher.add(value)
        }
        return hasher.finalize()
    }

    private mutating func mix(_ first: UInt64, _ second: UInt64, _ third: UInt64, _ fourth: UInt64) {
        lanes = (Self.step(lanes.0, first, 0x9E37_79B9_7F4A_7C15), Self.step(lanes.1, second, 0xC2B2_AE3D_27D4_EB4F),
                 Self.step(lanes.2, third, 0x1656_67B1_9E37_79F9), Self.step(lanes.3, fourth, 0xD6E8_FEB8_6659_FD93))
    }

    /// One lane's step: a bijection of `word` for any `lane` (the multipliers are odd).
    @inline(__always)
    private static func step(_ lane: UInt64, _ word: UInt64, _ multiplier: UInt64) -> UInt64 {
        ((lane ^ word) &* multiplier).rotatedLeft(29)
    }
}
