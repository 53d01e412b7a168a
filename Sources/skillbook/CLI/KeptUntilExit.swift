import Foundation

/// Holds a command's largest value (the loaded collection) until the process exits, so that
/// freeing it object by object does not add to the run: the system reclaims the memory at
/// once. Freeing the graph of a 4,000-file collection took about a tenth of `skillbook check`'s
/// processor time, all of it after the report was written. One slot: a second command run in
/// the same process (as the tests do) frees the previous value.
enum KeptUntilExit {
    private static let slot = Slot()

    static func keep(_ value: any Sendable) {
        slot.replace(with: value)
    }

    private final class Slot: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (any Sendable)?

        func replace(with newValue: any Sendable) {
            let old = lock.withLock { () -> (any Sendable)? in
                defer { value = newValue }
                return value
            }
            _ = old  // the previous value is freed here, outside the lock
        }
    }
}
