#if canImport(Glibc)
import Glibc
#endif

/// How the C allocator is asked to treat large buffers, set once at start.
///
/// A build holds a few large buffers for a short time each (an index's postings, counts and
/// files, a report's text). glibc serves buffers under 32 MiB from its heaps and keeps what is
/// freed there for reuse, so the process's resident memory stays near the sum of the steps' peaks
/// rather than the largest one: 525 MB for the 37 MB agentic-awesome-skills collection. Serving
/// buffers of 64 KiB and more with their own mappings, given back to the system when freed,
/// brought that to 508 MB with no change in processor time (`/usr/bin/time -v`, same run).
enum MemoryTuning {
    /// glibc's `M_MMAP_THRESHOLD` (malloc.h, which Swift's Glibc module does not export).
    private static let mmapThreshold: Int32 = -3

    static func apply() {
        #if canImport(Glibc)
        // Looked up rather than declared: `mallopt` is glibc's own, absent from other C libraries.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(mmapThreshold, 64 * 1024)
        #endif
    }
}
