import Foundation

/// A value handed to another thread, which takes it out: it is freed as soon as that thread is
/// done with it, not when the thread's closure goes (which may be later, or on another thread).
public final class Handoff<Value>: @unchecked Sendable {
    private var value: Value?

    public init(_ value: consuming Value) { self.value = value }

    /// The value; call once.
    public func take() -> Value {
        defer { value = nil }
        return value!
    }

    /// Frees `value` on a thread of its own, for large values (a whole search index) whose
    /// freeing would hold up the caller, which has no further use for them.
    public static func free(_ value: consuming Value) {
        let held = Handoff(value)
        Thread.detachNewThread { _ = held.take() }
    }
}
