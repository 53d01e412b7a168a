#if canImport(CJemalloc)
import CJemalloc
#endif

/// The process's C allocator. On Linux it is jemalloc (Debian's `libjemalloc2`), linked into the
/// executable so that every `malloc` of the process, the Swift runtime's included, goes to it;
/// `AllocatorSettings` gives it its settings.
///
/// The profile's story (perf, `skillbook check` of agentic-awesome-skills, 2 cores): under glibc's
/// allocator a fifth of the samples were in `malloc` and `free`, and 6.5% in the kernel's futex
/// calls made from `malloc`: both parsing threads shared glibc's one heap (`M_ARENA_MAX` 1, set
/// because more heaps grew one page at a time, an `mprotect` each, and took the peak over 512 MiB),
/// and each waited for the other's lock. jemalloc gives each thread its own cache and arena and
/// grows them by whole extents. Measured with `LD_PRELOAD`, same hour, medians: check 2.38 ->
/// 1.97 s (tcmalloc 1.86 s, mimalloc 2.19 s), a full build 10.3 -> 8.3 s, rebuilds 13-14% faster.
/// jemalloc's defaults kept freed pages for 10 s, so a full build's peak went from 483 to
/// 557 MB; pages freed are now returned after 200 ms by a background thread (`dirty_decay_ms`,
/// `background_thread`) and not kept lazily (`muzzy_decay_ms:0`): peak 498-500 MB, build 8.0-8.3 s.
/// Returning them at once (`dirty_decay_ms:0`) made as many `madvise` calls as frees of large
/// blocks: 3 s of system time. Two arenas instead of jemalloc's four per core (`narenas:2`: one
/// per parsing thread on the 2-core machines it is measured on) took another 10 MB off the peak
/// at the same speed; on more cores threads share an arena, each keeping its own thread cache.
/// Transparent huge pages for jemalloc's extents and metadata (`thp:always`, `metadata_thp:auto`)
/// were tried and left off: they cut a rule rebuild's page faults from 85,000 to 5,000 and its
/// time by 6-10%, but a full build spent 0.8 s more in the kernel zeroing huge pages and its
/// peak rose to 508-521 MB, too near the 512 MiB target. `MALLOC_CONF` in the environment
/// still overrides the settings (`MALLOC_CONF=thp:always,metadata_thp:auto` turns them on).
enum Allocator {
    /// What the allocator is and the settings it runs with, read back from it; nil when the
    /// process does not run on jemalloc (macOS).
    static var summary: String? {
        #if canImport(CJemalloc)
        guard let version: UnsafePointer<CChar> = read("version") else { return nil }
        /// `name:value`, the value read back from jemalloc's `opt.name`, `?` when it has none.
        func setting<Value: CustomStringConvertible>(_ name: String, _: Value.Type) -> String {
            "\(name):\((read("opt." + name) as Value?)?.description ?? "?")"
        }
        let summary = [setting("narenas", UInt32.self), setting("background_thread", Bool.self),
                       setting("dirty_decay_ms", Int.self), setting("muzzy_decay_ms", Int.self)].joined(separator: ",")
        return "jemalloc \(String(cString: version)) (\(summary))"
        #else
        return nil
        #endif
    }

    #if canImport(CJemalloc)
    /// A value of jemalloc's `mallctl` namespace; nil when it has no such name or the value
    /// another size.
    private static func read<Value>(_ name: String) -> Value? {
        var size = MemoryLayout<Value>.size
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<Value>.alignment)
        defer { raw.deallocate() }
        guard mallctl(name, raw, &size, nil, 0) == 0, size == MemoryLayout<Value>.size else { return nil }
        return raw.load(as: Value.self)
    }
    #endif
}
