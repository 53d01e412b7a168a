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
    private let lock = NSLock()
    private var state: State

    init(made value: Value, count: Int) {
        self.count = count
        state = .made(value)
    }

    /// A value that `make` gives when first read; `make` must give one of `count` items.
    init(count: Int, make: @escaping @Sendable () -> Value) {
        self.count = count
        state = .pending(make)
    }

    var value: Value {
        lock.withLock {
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

    /// Whether the value has been made (decoded) yet.
    var isMade: Bool {
        lock.withLock {
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
