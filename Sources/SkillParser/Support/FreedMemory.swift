#if canImport(Glibc)
import Glibc
#endif

/// Gives the system back the pages of memory that is freed but still held by the C allocator.
///
/// glibc serves each thread from a heap of its own (an arena) and keeps what is freed there for
/// that heap's next allocations. A step that makes its data on the worker threads and frees it
/// while the main thread allocates the next structure (the search index's counts, freed batch by
/// batch as their postings are made) leaves the freed pages resident but of no use to the main
/// thread: at the peak of a full build of agentic-awesome-skills, 73 MB of the process's 530 MB
/// were such free memory (`mallinfo2`). `malloc_trim` returns every whole free page of every heap.
///
/// Called only where it lowers the build's peak: each call walks every heap and the pages it
/// returns are faulted in again when reused (perf: 5 ms a call). Calling it at the end of every
/// step as well took the dedupe step's hump from 460 to 410 MB, under the index step's peak
/// either way, for 86 more samples (0.09 s) of a full build: not done.
public enum FreedMemory {
    /// Returns the freed pages now. Does nothing outside glibc.
    public static func giveBack() {
        #if canImport(Glibc)
        guard let symbol = mallocTrim else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        #endif
    }

    #if canImport(Glibc)
    /// Looked up rather than declared: `malloc_trim` is glibc's own, absent from other C libraries.
    nonisolated(unsafe) private static let mallocTrim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    #endif
}
