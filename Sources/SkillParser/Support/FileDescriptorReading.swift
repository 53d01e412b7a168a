#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a whole buffer from an open file, which one `read` call need not do (it may return
/// fewer bytes, or be interrupted by a signal). Shared by the cache files and the comparison
/// with the previous site's files.
public enum FileDescriptorReading {
    /// Reads until `buffer` is full, the file ends or a read fails (other than by `EINTR`, which
    /// is retried); returns the bytes read.
    public static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Int {
        var total = 0
        while total < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + total, buffer.count - total)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        return total
    }

    /// The same from `offset` on (`pread`: the file's position is left alone, so several
    /// threads may read one open file at once).
    public static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: Int) -> Int {
        var total = 0
        while total < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        return total
    }
}
