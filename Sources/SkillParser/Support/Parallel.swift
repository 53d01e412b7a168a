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
