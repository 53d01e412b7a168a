import Foundation

/// A value one thread gives another once, or the error that there will be none: the search
/// index started before the load step waits for the graph this way (`IndexAhead`). The first
/// `give` or `fail` counts; `wait()` blocks until then, from any number of threads.
final class Handover<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcome: Result<Value, any Error>?

    func give(_ value: Value) { settle(.success(value)) }

    func fail(_ error: any Error) { settle(.failure(error)) }

    func wait() throws -> Value {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return try outcome!.get()
    }

    private func settle(_ result: Result<Value, any Error>) {
        condition.lock()
        defer { condition.unlock() }
        guard outcome == nil else { return }
        outcome = result
        condition.broadcast()
    }
}
