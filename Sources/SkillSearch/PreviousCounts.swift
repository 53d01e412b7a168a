import Foundation
import SkillParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SearchIndexCache {
    /// Where a document's record payload is in the counts file (bytes after the file's header)
    /// and the digest of its bytes, which the index state keeps (`SearchIndexState`) so that a
    /// patched rebuild reads only the records it needs and checks each one.
    public struct Location: Sendable, Equatable {
        public var offset: Int
        public var length: Int
        public var digest: ContentHash
    }
}

/// The counts the last build kept (`SearchIndexCache`), read only as far as the build needs
/// them. A rebuild that patches the index reads the few records it needs (the changed
/// documents' old counts, the texts of the document files it writes) at the places the index
/// state keeps, and checks each against the digest kept there (the state itself is checked
/// whole); reading and digesting the whole 63 MB file of agentic-awesome-skills for them was
/// a sixth of a patched rebuild's index step. A build that assembles the index reads the whole
/// file, checked whole, the first time it asks for it.
public final class PreviousCounts: @unchecked Sendable {
    private let lock = NSLock()
    private let file: URL?
    private let program: ContentHash
    /// Whether the file's header is this program's counts file and its length the file's
    /// (checked once, before the first record is read).
    private var whole: Bool?
    private var load: (() -> (cache: SearchIndexCache, problem: String?))?
    private var loaded: (cache: SearchIndexCache, problem: String?)?
    private var recordReads = 0

    /// How many records were read from the file one by one (`record(at:key:)`).
    var recordsRead: Int { lock.withLock { recordReads } }

    /// Counts already in memory.
    public init(_ cache: SearchIndexCache) {
        file = nil
        program = ContentHash(high: 0, low: 0)
        loaded = (cache, nil)
    }

    /// The counts file `file` of `program`, whose whole content `load` reads (and says why it
    /// cannot be used).
    public init(file: URL, program: ContentHash, load: @escaping () -> (cache: SearchIndexCache, problem: String?)) {
        self.file = file
        self.program = program
        self.load = load
    }

    /// Every record, the file read whole (once).
    public var cache: SearchIndexCache { readWhole().cache }

    /// Why the file was not used, when it was read whole and could not be.
    public var problem: String? { lock.withLock { loaded?.problem } }

    private func readWhole() -> (cache: SearchIndexCache, problem: String?) {
        lock.withLock {
            if let loaded { return loaded }
            let made = load?() ?? (SearchIndexCache(), nil)
            load = nil
            loaded = made
            return made
        }
    }

    /// Whether the file's header is this program's counts file's and says the file's length
    /// (checked once; its records are checked as they are read). A file cut short, grown or of
    /// another program is read whole, which says why it is not used (`problem`), and none of
    /// its records is: the index is then assembled anew.
    var isIntact: Bool {
        guard let file else { return true }
        if let known = lock.withLock({ whole }) { return known }
        if lock.withLock({ loaded != nil }) { return true }
        let intact = CacheFile.payloadStarts(file, kind: SearchIndexCache.kind, key: program, with: [])
        lock.withLock { whole = intact }
        if !intact { _ = readWhole() }
        return intact
    }

    /// The payload of the record at `location`, when its bytes have the digest kept with it;
    /// `nil` when there is no location, the file is shorter or the bytes differ.
    func record(at location: SearchIndexCache.Location?, key: SearchIndexCache.Key) -> ArraySlice<UInt8>? {
        guard let location, location.offset >= 0, location.length >= 0 else { return nil }
        guard isIntact else { return nil }
        let inMemory = lock.withLock { loaded?.cache }
        let bytes: ArraySlice<UInt8>
        if let inMemory {
            guard let payload = inMemory.payload(key), payload.count == location.length else { return nil }
            bytes = payload
        } else {
            guard let file else { return nil }
            lock.withLock { recordReads += 1 }
            guard let read = Self.read(file, at: CacheFile.headerSize + location.offset, count: location.length) else { return nil }
            bytes = read[...]
        }
        return bytes.withUnsafeBytes { ContentHasher.hash($0) } == location.digest ? bytes : nil
    }

    /// `count` bytes of `file` from `offset`, or `nil` when there are not that many.
    private static func read(_ file: URL, at offset: Int, count: Int) -> [UInt8]? {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = FileDescriptorReading.fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor, at: offset)
            complete = initialized == count
        }
        return complete ? bytes : nil
    }
}
