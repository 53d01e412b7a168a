extension Array {
    /// Copies the elements into storage of their own size when growth left noticeably more room
    /// than they fill, for arrays that are kept long after they stop growing (a document's
    /// indexes, the search index's counts): growth by doubling leaves a quarter of an array
    /// empty on average, tens of megabytes over a large collection.
    public mutating func dropSpareCapacity() {
        guard capacity - count > Swift.max(16, count / 8) else { return }
        self = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            withUnsafeBufferPointer { elements in
                _ = buffer.initialize(fromContentsOf: elements)
            }
            initialized = count
        }
    }
}
