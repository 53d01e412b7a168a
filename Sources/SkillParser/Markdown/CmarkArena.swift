internal import CCmarkGFM
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory of one cmark-gfm parse, handed out from a few large blocks and given back all at
/// once when the parse and its conversion are done.
///
/// A parse allocates every node, text buffer and list of its tree with a call of its own, and
/// the conversion frees them one by one: glibc's malloc and free were a quarter of parsing's
/// processor time (perf, agentic-awesome-skills `build --full`: 424 of 1,617 samples of
/// `MarkdownDocument.init`, sorting cmark's freed nodes back into its bins). Here an allocation
/// moves a pointer and a free does nothing, as in cmark-gfm's own arena allocator, which keeps
/// one process-wide arena and so cannot serve parses on several threads: each thread has its
/// own (`current`). The first block stays with the thread for its next parse; the rest, and any
/// allocation too large for a block (kept apart, freed or resized at once), go back after each
/// parse, so a thread holds at most one block between parses.
final class CmarkArena {
    /// The block size: nearly every document's tree fits in one (a tree takes about ten times
    /// its text; the longest file of agentic-awesome-skills is 300 KB), and a second block is
    /// fresh memory for the system to hand over page by page.
    static let blockBytes = 1024 * 1024
    /// Allocations over this are made apart (`large`), so a block is never mostly wasted.
    static let largeBytes = blockBytes / 8
    /// Each allocation is preceded by its size, and starts 16-byte aligned as malloc's do.
    static let header = 16

    /// The block allocations come from now; the first one is kept between parses.
    private var blocks: [UnsafeMutableRawPointer] = []
    private var cursor: UnsafeMutableRawPointer
    private var end: UnsafeMutableRawPointer
    /// Allocations over `largeBytes`, each from malloc (with the size header in front).
    private var large: [UnsafeMutableRawPointer] = []
    /// Whether a parse is using the arena (a parse inside a parse would use the default allocator).
    private(set) var inUse = false

    private init() {
        guard let first = malloc(Self.blockBytes) else { fatalError("out of memory") }
        blocks = [first]
        cursor = first
        end = first + Self.blockBytes
    }

    deinit {
        reset()
        for block in blocks { free(block) }
    }

    /// Calls `body` with this thread's arena's allocator for cmark, or `nil` when the arena is
    /// already in use; gives the memory back when `body` returns. Nothing cmark allocated may be
    /// read afterwards.
    static func withAllocator<Result>(_ body: (UnsafeMutablePointer<cmark_mem>?) -> Result) -> Result {
        let arena = current
        guard !arena.inUse else { return body(nil) }
        arena.inUse = true
        defer {
            arena.reset()
            arena.inUse = false
        }
        return body(allocator.value)
    }

    /// Gives back everything but the first block.
    private func reset() {
        for pointer in large { free(pointer) }
        large.removeAll(keepingCapacity: true)
        for block in blocks.dropFirst() { free(block) }
        blocks.removeSubrange(1...)
        cursor = blocks[0]
        end = blocks[0] + Self.blockBytes
    }

    // MARK: - The allocator cmark calls

    /// `size` zeroed bytes, as `calloc`.
    func allocate(_ size: Int) -> UnsafeMutableRawPointer {
        let pointer = allocateUninitialized(size)
        memset(pointer, 0, size)
        return pointer
    }

    private func allocateUninitialized(_ size: Int) -> UnsafeMutableRawPointer {
        let needed = Self.header + Self.rounded(size)
        if size > Self.largeBytes {
            guard let raw = malloc(needed) else { fatalError("out of memory") }
            raw.storeBytes(of: size, as: Int.self)
            large.append(raw)
            return raw + Self.header
        }
        if cursor + needed > end {
            guard let block = malloc(Self.blockBytes) else { fatalError("out of memory") }
            blocks.append(block)
            cursor = block
            end = block + Self.blockBytes
        }
        let raw = cursor
        raw.storeBytes(of: size, as: Int.self)
        cursor += needed
        return raw + Self.header
    }

    /// As `realloc`: the last allocation grows in place when its block has room; a large one is
    /// resized by malloc; anything else is copied.
    func resize(_ pointer: UnsafeMutableRawPointer?, to size: Int) -> UnsafeMutableRawPointer {
        guard let pointer else { return allocateUninitialized(size) }
        let raw = pointer - Self.header
        let old = raw.load(as: Int.self)
        if old > Self.largeBytes, size > Self.largeBytes, let index = large.lastIndex(of: raw) {
            guard let moved = realloc(raw, Self.header + Self.rounded(size)) else { fatalError("out of memory") }
            moved.storeBytes(of: size, as: Int.self)
            large[index] = moved
            return moved + Self.header
        }
        if old <= Self.largeBytes, size <= Self.largeBytes, pointer + Self.rounded(old) == cursor,
           raw + Self.header + Self.rounded(size) <= end {
            raw.storeBytes(of: size, as: Int.self)
            cursor = pointer + Self.rounded(size)
            return pointer
        }
        let moved = allocateUninitialized(size)
        moved.copyMemory(from: pointer, byteCount: min(old, size))
        release(pointer)
        return moved
    }

    /// As `free`: a large allocation goes back at once, the last allocation of the block is
    /// taken back, and anything else waits for the end of the parse.
    func release(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        let raw = pointer - Self.header
        let size = raw.load(as: Int.self)
        if size > Self.largeBytes {
            if let index = large.lastIndex(of: raw) {
                large.remove(at: index)
                free(raw)
            }
        } else if pointer + Self.rounded(size) == cursor {
            cursor = raw
        }
    }

    private static func rounded(_ size: Int) -> Int {
        (max(size, 1) + 15) & ~15
    }

    // MARK: - One arena per thread

    /// The thread-specific slot holding each thread's arena (retained), released when the thread ends.
    private static let key: UncheckedSendable<pthread_key_t> = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { value in
            #if canImport(Darwin)
            Unmanaged<CmarkArena>.fromOpaque(value).release()
            #else
            if let value { Unmanaged<CmarkArena>.fromOpaque(value).release() }
            #endif
        }
        precondition(made == 0, "pthread_key_create failed")
        return UncheckedSendable(key)
    }()

    /// This thread's arena, made on first use.
    static var current: CmarkArena {
        if let value = pthread_getspecific(key.value) { return Unmanaged<CmarkArena>.fromOpaque(value).takeUnretainedValue() }
        let arena = CmarkArena()
        pthread_setspecific(key.value, Unmanaged.passRetained(arena).toOpaque())
        return arena
    }

    /// The functions cmark calls, on the thread that parses: each finds that thread's arena.
    private static let allocator: UncheckedSendable<UnsafeMutablePointer<cmark_mem>> = {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(to: cmark_mem(
            calloc: { count, size in
                let (total, overflow) = count.multipliedReportingOverflow(by: size)
                guard !overflow, total <= Int.max / 2 else { fatalError("out of memory") }
                return CmarkArena.current.allocate(Int(total))
            },
            realloc: { pointer, size in
                guard size <= Int.max / 2 else { fatalError("out of memory") }
                return CmarkArena.current.resize(pointer, to: Int(size))
            },
            free: { pointer in CmarkArena.current.release(pointer) }))
        return UncheckedSendable(memory)
    }()
}
