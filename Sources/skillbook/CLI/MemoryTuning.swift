#if canImport(Glibc)
import Glibc
#endif

/// How the C allocator is asked to treat the process's memory, set once at start, before any
/// thread is made.
///
/// A build holds a few large buffers for a short time each (an index's postings, counts and
/// files, a report's text). glibc serves buffers under 32 MiB from its heaps and keeps what is
/// freed there for reuse, so the process's resident memory stays near the sum of the steps' peaks
/// rather than the largest one: 525 MB for the 37 MB agentic-awesome-skills collection. Serving
/// buffers of 64 KiB and more with their own mappings, given back to the system when freed,
/// brought that to 508 MB with no change in processor time (`/usr/bin/time -v`, same run).
///
/// The small objects are served from one heap, grown 16 MiB at a time. glibc gives each thread
/// that allocates at once with another a heap of its own (up to eight per core), and grows such a
/// heap one page at a time, each page an `mprotect` call that splits the heap's mapping under the
/// process's memory lock, which page faults on every thread wait for: a rebuild of
/// agentic-awesome-skills after one changed reference made 16,127 `mprotect` calls (strace), most
/// while the parse cache decoded unchanged files on both cores (a fifth of that decoding's time,
/// perf). One heap, grown by `brk` with a pad, made 41 of them and 12 `brk` calls; page faults
/// went from 63-66 thousand to 45-47 thousand, and a full build's from 315-331 thousand to
/// 196-199 thousand with its peak from 489-519 MB to 485-488 MB (`perf stat`, `/usr/bin/time`,
/// three runs each, same machine). Each thread keeps its cache of small freed blocks (tcache), so
/// the one heap's lock is taken only when that cache is empty or full.
enum MemoryTuning {
    /// glibc's `M_TOP_PAD`, `M_MMAP_THRESHOLD` and `M_ARENA_MAX` (malloc.h, which Swift's Glibc
    /// module does not export).
    private static let topPad: Int32 = -2
    private static let mmapThreshold: Int32 = -3
    private static let arenaMax: Int32 = -8

    static func apply() {
        #if canImport(Glibc)
        // Looked up rather than declared: `mallopt` is glibc's own, absent from other C libraries.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(mmapThreshold, 64 * 1024)
        _ = mallopt(arenaMax, 1)
        _ = mallopt(topPad, 16 * 1024 * 1024)
        #endif
    }
}
