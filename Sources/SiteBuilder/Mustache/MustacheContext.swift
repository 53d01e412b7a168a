/// The stack of values a template sees: the root value, then one entry per enclosing section.
struct MustacheContext {
    private var frames: [MustacheValue]

    init(_ root: MustacheValue) {
        self.init(frames: [root])
    }

    /// A stack that starts with several values, the last innermost: a name missing from it is
    /// looked up in the one before, as if it were a section's value.
    init(frames: [MustacheValue]) {
        self.frames = frames
        self.frames.reserveCapacity(frames.count + 8)
    }

    /// How many values the stack holds.
    var depth: Int { frames.count }

    mutating func push(_ value: MustacheValue) { frames.append(value) }

    /// Whether an object `depth` or more values up the stack (a section's value) has a member `name`.
    func hasMember(_ name: MustacheName, from depth: Int) -> Bool {
        var index = frames.count - 1
        while index >= depth {
            if frames[index].member(name) != nil { return true }
            index -= 1
        }
        return false
    }
    mutating func pop() { frames.removeLast() }

    /// Resolves a name: `.` is the innermost value; otherwise the first part is looked up from the innermost
    /// object outwards, and the remaining parts only inside what it found (so `a.b` never falls back to an
    /// outer `b`). `nil` when the name is missing.
    ///
    /// The frames are read through a buffer pointer and each object in place (`member`), so a
    /// frame's object is not copied (retained and released) for each name looked up in it.
    func lookup(_ path: UnsafeBufferPointer<MustacheName>) -> MustacheValue? {
        frames.withUnsafeBufferPointer { frames in
            let first = path[0]
            if path.count == 1, first.isImplicitIterator { return frames[frames.count - 1] }
            var index = frames.count - 1
            while index >= 0 {
                if let value = frames[index].member(first) {
                    guard path.count > 1 else { return value }
                    var value = value
                    for key in path.dropFirst() {
                        guard let next = value.member(key) else { return nil }
                        value = next
                    }
                    return value
                }
                index -= 1
            }
            return nil
        }
    }
}
