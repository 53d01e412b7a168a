import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files with one `open`, as few `write`s as the kernel needs, and one `close`.
///
/// Foundation's `Data.write(to:)` also calls `fsync` on every file: on the agentic corpus that is
/// 15,000 waits for the disk, which took most of the render and copy steps' wall time on a busy
/// machine (perf: `fsync` under `writeToFileNoAux`). A site is staged in a temporary folder and
/// swapped in whole, so a crash leaves the previous site either way; the data reaches the disk
/// when the kernel flushes it, as for any build tool's output.
enum FileWriter {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
    }

    static func write(_ data: Data, to path: String) throws {
        try data.withUnsafeBytes { try write($0, to: path) }
    }

    static func write(_ text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path) }
    }

    static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                throw Failure(path: path, code: code)
            }
            offset += written
        }
        guard close(descriptor) == 0 else { throw Failure(path: path, code: errno) }
    }

    /// Copies the file at `source` to `path` inside the kernel (`sendfile`), without bringing its
    /// bytes into the process: the site publishes every Markdown source beside its page, whose
    /// digest the loader already took. The source is opened through a symbolic link, so a link
    /// inside the collection becomes a plain file. Returns `false`, writing nothing, when
    /// `source` cannot be opened or is not a regular file.
    @discardableResult
    static func copy(from source: String, to path: String) throws -> Bool {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return false }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let output = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw Failure(path: path, code: errno) }
        #if canImport(Glibc)
        var copied = 0
        while true {
            let count = sendfile(output, input, nil, 1 << 30)
            if count < 0 {
                if errno == EINTR { continue }
                // A file system that cannot send between files: copy through a buffer instead.
                if copied == 0, errno == EINVAL || errno == ENOSYS { break }
                let code = errno
                close(output)
                throw Failure(path: path, code: code)
            }
            if count == 0 { break }
            copied += count
        }
        if copied > 0 || info.st_size == 0 {
            guard close(output) == 0 else { throw Failure(path: path, code: errno) }
            return true
        }
        #endif
        close(output)
        guard let data = FileManager.default.contents(atPath: source) else { return false }
        try write(data, to: path)
        return true
    }
}
