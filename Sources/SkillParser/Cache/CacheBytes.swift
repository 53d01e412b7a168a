import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cache file's bytes, read whole into memory this object owns, so records can be decoded on
/// all cores from one stable buffer and kept records copied into the next file.
final class CacheBytes: @unchecked Sendable {
    /// Larger files are not read: a cache is about as large as the Markdown it holds, and a
    /// collection is limited far below this (`InputLimits`); anything bigger is not ours.
    static let maximumBytes = 4 << 30

    let buffer: UnsafeRawBufferPointer

    /// `nil` when the file is missing, unreadable, not a regular file or too large.
    init?(contentsOf path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= Self.maximumBytes
        else { return nil }
        let size = Int(info.st_size)
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        var total = 0
        while total < size {
            let count = systemRead(descriptor, memory.baseAddress! + total, size - total)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        // A file that shrank while being read is read as far as it goes; its table finds the damage.
        buffer = UnsafeRawBufferPointer(rebasing: memory[0..<total])
    }

    deinit {
        buffer.deallocate()
    }
}

/// Writes a file in large pieces through one buffer.
struct BufferedFile {
    private let descriptor: Int32
    private let path: String
    private var pending: [UInt8] = []
    static let bufferSize = 1 << 20

    init(creating path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CacheWriteError(path: path, code: errno) }
        pending.reserveCapacity(Self.bufferSize)
    }

    mutating func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        if pending.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize { try writeAll(bytes) } else { pending.append(contentsOf: bytes) }
    }

    mutating func close() throws {
        try flush()
        guard systemClose(descriptor) == 0 else { throw CacheWriteError(path: path, code: errno) }
    }

    /// Closes without finishing, after a failure.
    func abandon() {
        systemClose(descriptor)
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

/// A cache file that could not be written; the build goes on without it.
struct CacheWriteError: Error, CustomStringConvertible {
    var path: String
    var code: Int32
    var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
}

/// The POSIX calls, named apart from the methods above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

@discardableResult
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
