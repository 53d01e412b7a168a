import Dispatch
import Foundation

/// Runs work on all cores with `DispatchQueue.concurrentPerform`, in chunks, and keeps the
/// results in input order so that the output does not depend on scheduling.
public enum Parallel {
    /// `transform(0), transform(1), ..., transform(count - 1)`, computed in parallel.
    public static func map<Result>(_ count: Int, minimumChunk: Int = 64,
                            _ transform: (Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        let chunkSize = (count + chunks(for: count, minimumChunk: minimumChunk) - 1)
            / chunks(for: count, minimumChunk: minimumChunk)
        let chunkCount = (count + chunkSize - 1) / chunkSize
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(buffer.baseAddress!)
            withoutActuallyEscaping(transform) { transform in
                let work = UncheckedSendable(transform)
                DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                    let start = chunk * chunkSize
                    for index in start..<min(start + chunkSize, count) {
                        (slots.base + index).initialize(to: work.value(index))
                    }
                }
            }
            initialized = count
        }
    }

    /// `inputs.map(transform)`, computed in parallel, in input order. Each input is one unit of
    /// work unless `minimumChunk` groups cheap ones.
    public static func map<Input, Result>(_ inputs: [Input], minimumChunk: Int = 1,
                                          _ transform: (Input) -> Result) -> [Result] {
        map(inputs.count, minimumChunk: minimumChunk) { transform(inputs[$0]) }
    }

    /// Calls `body` with consecutive ranges that together cover `0..<count`, in parallel; each
    /// call can keep its own scratch space for the whole range.
    public static func forEachChunk(_ count: Int, minimumChunk: Int = 64, _ body: (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let chunks = chunks(for: count, minimumChunk: minimumChunk)
        let chunkSize = (count + chunks - 1) / chunks
        withoutActuallyEscaping(body) { body in
            let work = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: (count + chunkSize - 1) / chunkSize) { chunk in
                work.value((chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize))
            }
        }
    }

    /// `transform(0), ..., transform(count - 1)` on `width` threads of their own, for work that
    /// mostly waits for the disk (listing folders, `stat`, `open`): each of those calls waits for
    /// the blocks it needs when they are not in memory, so with one thread per core the disk would
    /// serve one request per core at a time. As git spreads its index's `lstat` calls over up to
    /// twenty threads (`core.preloadIndex`). In order, as `map`; work that uses the processor
    /// belongs in `map`.
    public static func mapWaiting<Result>(_ count: Int, width: Int = waitingWidth, minimumChunk: Int = 16,
                                          _ transform: (Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        let chunkSize = max(1, min(minimumChunk, count / max(1, width)))
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let threads = min(width, chunkCount)
        guard threads > 1 else { return (0..<count).map(transform) }
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(buffer.baseAddress!)
            let claims = ChunkClaims(count: chunkCount)
            withoutActuallyEscaping(transform) { transform in
                // The threads reach the work through `job`, which lets it go once they are done: a
                // `Thread` keeps its block until it is freed, after this function has returned.
                let job = Job { (slots.base + $0).initialize(to: transform($0)) }
                let done = DispatchGroup()
                for _ in 1..<threads {
                    done.enter()
                    let thread = Thread {
                        claims.run(chunkSize: chunkSize, count: count, job)
                        done.leave()
                    }
                    // As the threads of `concurrentPerform` and `BackgroundStep`: the site listing and
                    // the input walk recurse once per folder level.
                    thread.stackSize = 8 << 20
                    thread.start()
                }
                claims.run(chunkSize: chunkSize, count: count, job)
                done.wait()
                job.body = nil
            }
            initialized = count
        }
    }

    /// The work of a `mapWaiting`, shared by its threads until they are done.
    private final class Job: @unchecked Sendable {
        var body: ((Int) -> Void)?
        init(_ body: @escaping (Int) -> Void) { self.body = body }
    }

    /// How many threads `mapWaiting` uses by default.
    public static let waitingWidth = 8

    /// The chunks of a `mapWaiting`, handed out one at a time.
    private final class ChunkClaims: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let count: Int

        init(count: Int) { self.count = count }

        func run(chunkSize: Int, count total: Int, _ job: Job) {
            guard let body = job.body else { return }
            while true {
                let chunk: Int? = lock.withLock {
                    guard next < count else { return nil }
                    next += 1
                    return next - 1
                }
                guard let chunk else { return }
                for index in (chunk * chunkSize)..<min(total, (chunk + 1) * chunkSize) { body(index) }
            }
        }
    }

    /// Enough chunks to keep every core busy and balance uneven work, none smaller than
    /// `minimumChunk` items.
    private static func chunks(for count: Int, minimumChunk: Int) -> Int {
        return max(1, min(cores * 8, count / max(1, minimumChunk)))
    }

    /// Read once: on Linux each reading opens and reads the cgroup CPU quota files (two system
    /// files per call, twice per `map`; about a hundred per build of a small site).
    public static let cores: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

    private struct Slots<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
        init(_ base: UnsafeMutablePointer<Element>) { self.base = base }
    }
}

/// Hands a value to concurrent code that only reads it.
public struct UncheckedSendable<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
