import Foundation

/// A value made when first read, then kept: what a document's tree (`MarkdownTree`) and its rules
/// (`MarkdownRules`) share. A parse gives the value at once; the parse cache gives a `make` that
/// decodes its record on first use, so a rebuild decodes only what it reads. `count` (blocks,
/// rules) is known without making the value.
///
/// A value type's storage in all but name: never changed once made, only filled in, under its
/// lock, so documents that share it stay equal.
final class MadeOnFirstRead<Value: Hashable & Sendable>: Hashable, @unchecked Sendable {
    private enum State {
        case made(Value)
        case pending(@Sendable () -> Value)
    }

    let count: Int
    /// `nil` for a value made at once: it never changes, and is read without a lock.
    private let lock: NSLock?
    private var state: State

    /// A value made already. A parse makes every document's tree, rules and headed lists so: a
    /// lock each (an object and a mutex, two allocations and their frees) guarded nothing.
    init(made value: Value, count: Int) {
        self.count = count
        lock = nil
        state = .made(value)
    }

    /// A value that `make` gives when first read; `make` must give one of `count` items. Values
    /// made together may share `lock` (the parse cache's tree, rules and headed lists of one
    /// file: three locks were six of the allocations decoding a record made), as long as no
    /// `make` reads another value under the same lock.
    init(count: Int, lock: NSLock = NSLock(), make: @escaping @Sendable () -> Value) {
        self.count = count
        self.lock = lock
        state = .pending(make)
    }

    var value: Value {
        guard let lock else { return madeValue }
        return lock.withLock {
            switch state {
            case .made(let value):
                return value
            case .pending(let make):
                let value = make()
                state = .made(value)
                return value
            }
        }
    }

    /// The value of one made at once (`lock` is `nil`).
    private var madeValue: Value {
        guard case .made(let value) = state else { preconditionFailure("a value without a lock is made at once") }
        return value
    }

    /// Whether the value has been made (decoded) yet.
    var isMade: Bool {
        guard let lock else { return true }
        return lock.withLock {
            if case .made = state { return true }
            return false
        }
    }

    static func == (lhs: MadeOnFirstRead, rhs: MadeOnFirstRead) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
