import Foundation

/// Values worked out once and shared by the pages that render on all cores: the first page to
/// ask for a key makes its value, the others read it. A value must depend on its key alone, so
/// which page (or thread) made it never shows in the output. Two threads asking at once may
/// both make it; one of the two equal values is kept.
final class ValuesMemo<Key: Hashable & Sendable, Value>: @unchecked Sendable {
    private var values: [Key: Value] = [:]
    private let lock = NSLock()

    func value(_ key: Key, make: () -> Value) -> Value {
        if let value = lock.withLock({ values[key] }) { return value }
        let value = make()
        lock.withLock { values[key] = value }
        return value
    }
}
