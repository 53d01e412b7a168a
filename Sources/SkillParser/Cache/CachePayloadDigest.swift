/// The digest of a cache file's payload (`CacheFile`), fed in pieces of any size: the words of the
/// payload in order, as if it were one buffer, then its length. Writing feeds it piece by piece as
/// the payload streams out; reading feeds the whole payload at once; both give the same digest.
struct CachePayloadDigest {
    private var hasher = ContentHasher()
    /// The bytes of a word not yet complete, lowest first, and how many there are.
    private var partial: UInt64 = 0
    private var partialCount = 0
    private var length: UInt64 = 0

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        length += UInt64(bytes.count)
        var index = 0
        while partialCount > 0, partialCount < 8, index < bytes.count {
            partial |= UInt64(bytes[index]) << (8 * UInt64(partialCount))
            partialCount += 1
            index += 1
        }
        if partialCount == 8 {
            hasher.mixWord(partial)
            (partial, partialCount) = (0, 0)
        }
        while index + 8 <= bytes.count {
            hasher.mixWord(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            partial |= UInt64(bytes[index]) << (8 * UInt64(partialCount))
            partialCount += 1
            index += 1
        }
    }

    func finalize() -> ContentHash {
        var hasher = hasher
        if partialCount > 0 { hasher.mixWord(partial) }
        hasher.add(length)
        return hasher.finalize()
    }
}
