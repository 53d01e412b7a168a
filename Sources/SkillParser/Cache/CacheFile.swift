import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one framing of every build cache file (the parse cache's shards, the duplicate cache, the
/// search index's counts): a fixed header, then the payload its cache lays out.
///
///     magic (8 bytes) | format (8) | key (16) | payload length (8) | payload digest (16) | payload
///
/// Numbers are little-endian. The magic says which cache it is, the format which layout of its
/// payload, the key what the payload was made under (program, options); the length and the
/// digest (`CachePayloadDigest`) catch a file cut short or damaged anywhere. A cache decides
/// nothing of this itself: it names its `Kind`, hands its key, and reads or writes payload bytes.
///
/// Writing streams: the payload goes to the file descriptor through one buffer of about a
/// megabyte as it is made, so a cache is never held whole a second time in memory; the header,
/// which needs the length and digest, is written last at the front, and the temporary file is
/// renamed into place, so a reader sees the whole old file or the whole new one.
public enum CacheFile {
    /// Which cache a file holds, and in which layout.
    public struct Kind: Sendable {
        /// Eight ASCII letters, such as `SKBPARSE`.
        public var magic: [UInt8]
        /// Bumped whenever the layout of the payload (or anything it stores) changes shape.
        public var format: UInt64
        /// For messages: `parse cache`.
        public var name: String
        /// Whether the header's digest covers the payload. A cache whose records carry digests
        /// of their own, and which is read in part (`open`), has none: a digest of the whole
        /// would be made by every write and checked by no read.
        public var digestsPayload: Bool

        public init(magic: StaticString, format: Int, name: String, digestsPayload: Bool = true) {
            let bytes = magic.withUTF8Buffer { Array($0) }
            precondition(bytes.count == 8, "a cache's magic is eight bytes")
            self.magic = bytes
            self.format = UInt64(format)
            self.name = name
            self.digestsPayload = digestsPayload
        }
    }

    public static let headerSize = 56

    /// The records of `file` as `parse` reads its payload: `nil` when there is no file; throws,
    /// saying why, when the file cannot be used (see the other `read`) or its records do not parse.
    public static func read<Records>(_ file: URL, kind: Kind, key: ContentHash,
                                     parse: ([UInt8]) -> Records?) throws(CacheDamage) -> Records? {
        guard let payload = try read(file, kind: kind, key: key) else { return nil }
        guard let records = parse(payload) else { throw CacheDamage("its records do not parse") }
        return records
    }

    /// The payload of `file`: `nil` when there is no file (or no regular file) there; throws
    /// `CacheDamage`, saying why, when there is one but it is not this kind of cache, another
    /// format, made under another key, cut short, longer than its header says, or damaged.
    /// The payload is read straight into the array returned, with no copy of the file beside it.
    public static func read(_ file: URL, kind: Kind, key: ContentHash) throws(CacheDamage) -> [UInt8]? {
        try readWithDigest(file, kind: kind, key: key)?.payload
    }

    /// `read`, with the payload's digest (`payloadDigest`), which the file's header holds and
    /// the payload was checked against: a cache that names a payload by its digest (the search
    /// index state's delta names its base) takes it from here instead of digesting it again.
    public static func readWithDigest(_ file: URL, kind: Kind, key: ContentHash) throws(CacheDamage)
        -> (payload: [UInt8], digest: ContentHash)? {
        precondition(kind.digestsPayload, "a cache without a payload digest is read in part (open)")
        let descriptor = systemOpen(file.path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let (count, digest) = try header(of: descriptor, kind: kind, key: key) else { return nil }
        return (try readPayload(of: descriptor, count: count, digest: digest), digest)
    }

    /// The `count` bytes of payload of the open `descriptor`, which is just past the header,
    /// checked against `digest`.
    private static func readPayload(of descriptor: Int32, count: Int, digest: ContentHash) throws(CacheDamage) -> [UInt8] {
        var complete = false
        let payload = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            // A file that shrinks while it is read keeps what was read; `complete` rejects it.
            let done = FileDescriptorReading.fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor)
            complete = done == count
            initialized = done
        }
        guard complete else { throw CacheDamage("cut short") }
        guard payload.withUnsafeBytes({ payloadDigest($0) }) == digest else { throw CacheDamage("damaged") }
        return payload
    }

    /// Calls `body` with the payload of `file` and its digest, checked as `readWithDigest` checks
    /// them, and returns what `body` returns; `nil` when there is no file. The payload is the file
    /// mapped into memory, valid only during `body`: a cache that decodes its payload into values
    /// of its own reads it where the system keeps the file, instead of having it copied into fresh
    /// memory first. Reading the 68 MB a rebuild after a changed rule reads of agentic-awesome-skills'
    /// caches took 48-53 ms of processor time that way and 7-9 ms mapped (the copy, and a page fault
    /// for every 4 KB of the fresh memory); decoding copies the bytes once more in either case.
    ///
    /// Like git with its pack files, this trusts the file not to be cut short in place while it is
    /// mapped (skillbook replaces a cache file by renaming a new one over it, which leaves the old one
    /// whole for whoever has it open). Where the file cannot be mapped, it is read.
    public static func withPayload<Result>(_ file: URL, kind: Kind, key: ContentHash,
                                           _ body: (UnsafeRawBufferPointer, ContentHash) throws(CacheDamage) -> Result)
        throws(CacheDamage) -> Result? {
        guard let payload = try mappedPayload(file, kind: kind, key: key) else { return nil }
        return try withExtendedLifetime(payload) { () throws(CacheDamage) in try body(payload.bytes, payload.digest) }
    }

    /// The payload of `file`, checked as `withPayload` checks it, mapped (or read where it cannot be)
    /// and kept for as long as the result lives: for a cache whose columns are used where they are,
    /// not copied into values of their own. `nil` when there is no file.
    public static func mappedPayload(_ file: URL, kind: Kind, key: ContentHash) throws(CacheDamage) -> MappedPayload? {
        precondition(kind.digestsPayload, "a cache without a payload digest is read in part (open)")
        let descriptor = systemOpen(file.path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let (count, digest) = try header(of: descriptor, kind: kind, key: key) else { return nil }
        guard let bytes = MappedBytes(descriptor, range: headerSize..<(headerSize + count)) else { throw CacheDamage("cut short") }
        let payload = MappedPayload(bytes, digest: digest)
        guard payloadDigest(payload.bytes) == digest else { throw CacheDamage("damaged") }
        return payload
    }

    /// A cache file's payload, checked, kept in memory for as long as this lives (`MappedBytes`).
    public final class MappedPayload: Sendable {
        /// The payload's bytes: never written once checked, valid while this lives.
        public var bytes: UnsafeRawBufferPointer { memory.bytes }
        /// The payload's digest, as the file's header gives it.
        public let digest: ContentHash
        private let memory: MappedBytes

        init(_ memory: MappedBytes, digest: ContentHash) {
            self.memory = memory
            self.digest = digest
        }
    }

    /// Bytes of a cache file kept in memory for as long as this lives: the file mapped with its
    /// pages at once (unmapped when this goes), or, where it cannot be mapped, read into memory
    /// of its own. Mapped pages are the system's own copy of the file, shared, with no page fault
    /// per 4 KB of fresh memory and no copy (see `withPayload`).
    public final class MappedBytes: @unchecked Sendable {
        /// The bytes: never written, valid while this lives.
        public let bytes: UnsafeRawBufferPointer
        private let memory: UnsafeMutableRawBufferPointer
        private let isMapped: Bool

        /// The bytes at `range` of the file open as `descriptor` (from its start, header included);
        /// `nil` when the file gives fewer (it is read where it cannot be mapped).
        init?(_ descriptor: Int32, range: Range<Int>) {
            #if os(Linux)
            // Mapped with its pages at once: whoever asks for bytes reads every one of them next.
            let flags = MAP_PRIVATE | MAP_POPULATE
            #else
            let flags = MAP_PRIVATE
            #endif
            // A mapping starts at a page: from the file's start, which the header's page holds anyway.
            if let mapped = mmap(nil, range.upperBound, PROT_READ, flags, descriptor, 0), mapped != MAP_FAILED {
                memory = UnsafeMutableRawBufferPointer(start: mapped, count: range.upperBound)
                isMapped = true
                bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[range])
            } else {
                memory = .allocate(byteCount: max(1, range.count), alignment: 16)
                isMapped = false
                bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[..<range.count])
                let target = UnsafeMutableRawBufferPointer(rebasing: memory[..<range.count])
                guard FileDescriptorReading.fill(target, from: descriptor, at: range.lowerBound) == range.count else {
                    memory.deallocate()
                    return nil
                }
            }
        }

        deinit {
            if isMapped { munmap(memory.baseAddress, memory.count) } else { memory.deallocate() }
        }
    }

    /// The digest of `bytes` as a payload: what a cache file's header holds of its payload.
    public static func payloadDigest(_ bytes: UnsafeRawBufferPointer) -> ContentHash {
        var digest = CachePayloadDigest()
        digest.add(bytes)
        return digest.finalize()
    }

    /// The payload's length and digest from the header of the open `descriptor`: `nil` when it
    /// is no regular file; throws as `read` says when it is not this cache, format or key, or
    /// its length is not the header's. The descriptor is left just past the header.
    private static func header(of descriptor: Int32, kind: Kind, key: ContentHash) throws(CacheDamage)
        -> (length: Int, digest: ContentHash)?
    {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var header = [UInt8](repeating: 0, count: headerSize)
        let headerRead = header.withUnsafeMutableBytes { FileDescriptorReading.fill($0, from: descriptor) }
        guard headerRead == headerSize else { throw CacheDamage("cut short") }
        guard header[0..<8].elementsEqual(kind.magic) else { throw CacheDamage("not a \(kind.name)") }
        let fields = header.withUnsafeBytes { bytes in
            (0..<6).map { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 + 8 * $0, as: UInt64.self)) }
        }
        guard fields[0] == kind.format else { throw CacheDamage("written in another format") }
        guard ContentHash(high: fields[1], low: fields[2]) == key else {
            throw CacheDamage("made by another version of skillbook or under other options")
        }
        let length = fields[3], digest = ContentHash(high: fields[4], low: fields[5])
        let available = UInt64(max(0, size - headerSize))
        guard length <= available else { throw CacheDamage("cut short") }
        guard length == available else { throw CacheDamage("longer than its header says") }
        return (Int(length), digest)
    }

    /// A cache file opened to be read in part (`Opened.read`), for a kind whose payload has no
    /// digest (`Kind.digestsPayload`): its records carry their own, which the cache checks as
    /// it reads each one. `nil` when there is no file; throws as `read` does for the header.
    /// A rebuild of agentic-awesome-skills reads a tenth of its parse cache: the rest is trees
    /// and rules it never decodes, which reading whole (and digesting, and the page faults of
    /// the fresh memory) was 80 ms of processor time (perf).
    public static func open(_ file: URL, kind: Kind, key: ContentHash) throws(CacheDamage) -> Opened? {
        precondition(!kind.digestsPayload, "a cache with a payload digest is read whole (read)")
        let descriptor = systemOpen(file.path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return nil }
        do throws(CacheDamage) {
            guard let (length, _) = try header(of: descriptor, kind: kind, key: key) else {
                close(descriptor)
                return nil
            }
            return Opened(descriptor: descriptor, length: length)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// An open cache file whose payload is read by ranges, from any thread; closed when let go.
    /// The file read stays the one opened even when a build renames a new one into its place.
    public final class Opened: @unchecked Sendable {
        private let descriptor: Int32
        /// The payload's length.
        public let length: Int

        init(descriptor: Int32, length: Int) {
            self.descriptor = descriptor
            self.length = length
        }

        deinit { close(descriptor) }

        /// The payload's bytes in `range`, mapped (`MappedBytes`), for bytes read more than once
        /// or kept; `nil` as `read` says.
        public func mapped(_ range: Range<Int>) -> MappedBytes? {
            guard range.lowerBound >= 0, range.upperBound <= length else { return nil }
            return MappedBytes(descriptor, range: (CacheFile.headerSize + range.lowerBound)..<(CacheFile.headerSize + range.upperBound))
        }

        /// The payload's bytes in `range`; `nil` when the range is not inside the payload or
        /// the file gives fewer bytes (cut short since it was opened).
        public func read(_ range: Range<Int>) -> [UInt8]? {
            guard range.lowerBound >= 0, range.upperBound <= length else { return nil }
            let count = range.count
            var complete = false
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                let done = FileDescriptorReading.fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor,
                                                      at: CacheFile.headerSize + range.lowerBound)
                complete = done == count
                initialized = done
            }
            return complete ? bytes : nil
        }
    }

    /// Whether `file` is this kind of cache, under `key`, as long as its header says, with a payload
    /// that starts with `prefix`; its digest is not checked (nothing of it is used). For a cache
    /// whose payload starts with the key of everything it was made from: a build that would write
    /// the same bytes can leave the file there.
    public static func payloadStarts(_ file: URL, kind: Kind, key: ContentHash, with prefix: [UInt8]) -> Bool {
        let descriptor = systemOpen(file.path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        var start = [UInt8](repeating: 0, count: headerSize + prefix.count)
        guard start.withUnsafeMutableBytes({ FileDescriptorReading.fill($0, from: descriptor) }) == start.count,
              start[0..<8].elementsEqual(kind.magic), start[headerSize...].elementsEqual(prefix)
        else { return false }
        let fields = start.withUnsafeBytes { bytes in
            (0..<4).map { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 + 8 * $0, as: UInt64.self)) }
        }
        return fields[0] == kind.format && ContentHash(high: fields[1], low: fields[2]) == key
            && fields[3] == UInt64(Int(info.st_size) - headerSize)
    }

    /// Writes a cache file: `body` hands the payload to the writer in pieces of any size, in
    /// order. On any failure (of `body` or of the disk) the temporary file is removed, the file
    /// in place is left as it was, and the error is thrown.
    public static func write(to file: URL, kind: Kind, key: ContentHash, _ body: (inout Writer) throws -> Void) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + "-\(getpid())")
        var writer = try Writer(creating: temporary.path, digests: kind.digestsPayload)
        do {
            try body(&writer)
            try writer.finish(kind: kind, key: key)
        } catch {
            writer.abandon()
            unlink(temporary.path)
            throw error
        }
        if rename(temporary.path, file.path) != 0 {
            let code = errno
            unlink(temporary.path)
            throw CacheWriteError(path: file.path, code: code)
        }
    }

    /// Takes a cache's payload in pieces, digests it and writes it through a buffer of about a
    /// megabyte (larger pieces go straight to the file).
    public struct Writer {
        static let bufferSize = 1 << 20

        private let descriptor: Int32
        private let path: String
        private var pending: [UInt8] = []
        private var digest = CachePayloadDigest()
        private var length: UInt64 = 0
        private var open = true
        /// Whether the payload is digested (`Kind.digestsPayload`); else the header's digest is zero.
        private let digests: Bool

        init(creating path: String, digests: Bool) throws {
            self.path = path
            self.digests = digests
            descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw CacheWriteError(path: path, code: errno) }
            pending.reserveCapacity(Self.bufferSize)
            // Room for the header, written last.
            pending.append(contentsOf: repeatElement(0, count: CacheFile.headerSize))
        }

        /// Bytes written so far, not counting the header.
        public var count: Int { Int(length) }

        public mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard !bytes.isEmpty else { return }
            if digests { digest.add(bytes) }
            length += UInt64(bytes.count)
            if pending.count + bytes.count > Self.bufferSize { try flush() }
            if bytes.count >= Self.bufferSize { try writeAll(bytes) } else { pending.append(contentsOf: bytes) }
        }

        public mutating func write(_ bytes: [UInt8]) throws {
            try bytes.withUnsafeBytes { try write($0) }
        }

        public mutating func write(_ bytes: ArraySlice<UInt8>) throws {
            try bytes.withUnsafeBytes { try write($0) }
        }

        /// Flushes the payload, writes the header at the front and closes the file.
        mutating func finish(kind: Kind, key: ContentHash) throws {
            try flush()
            var header = kind.magic
            let digest = digests ? digest.finalize() : ContentHash(high: 0, low: 0)
            for value in [kind.format, key.high, key.low, length, digest.high, digest.low] {
                withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) }
            }
            try header.withUnsafeBytes { bytes in
                var done = 0
                while done < bytes.count {
                    let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(done))
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { throw CacheWriteError(path: path, code: errno) }
                    done += count
                }
            }
            open = false
            guard systemClose(descriptor) == 0 else { throw CacheWriteError(path: path, code: errno) }
        }

        /// Closes without finishing, after a failure.
        func abandon() {
            if open { systemClose(descriptor) }
        }

        private mutating func flush() throws {
            try pending.withUnsafeBytes { try writeAll($0) }
            pending.removeAll(keepingCapacity: true)
        }

        private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
            var done = 0
            while done < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw CacheWriteError(path: path, code: errno) }
                done += count
            }
        }
    }
}

/// A cache file that could not be written; the build goes on without it.
public struct CacheWriteError: Error, CustomStringConvertible {
    public var path: String
    public var code: Int32
    public var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
}

/// The POSIX calls, named apart from the methods above.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

@discardableResult
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
