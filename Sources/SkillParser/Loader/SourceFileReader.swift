import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one Markdown file of a collection, refusing what would stall or exhaust a run: a
/// FIFO or device (reading one blocks forever), and a file past `InputLimits.maximumFileBytes`
/// (checked before reading, so a huge file is never loaded).
enum SourceFileReader {
    enum Failure: Error, Equatable {
        case notARegularFile
        case tooLarge(bytes: Int)
        case unreadable
    }

    static func read(_ path: String) -> Result<Data, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.unreadable) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
        guard Int(info.st_size) <= InputLimits.maximumFileBytes else { return .failure(.tooLarge(bytes: Int(info.st_size))) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        // Read at most one byte past the limit, in case the file grew since `stat`.
        guard let data = try? handle.read(upToCount: InputLimits.maximumFileBytes + 1) else { return .success(Data()) }
        guard data.count <= InputLimits.maximumFileBytes else { return .failure(.tooLarge(bytes: data.count)) }
        return .success(data)
    }

    /// The diagnostic for a file that was not read.
    static func diagnostic(for failure: Failure, file: String) -> Diagnostic {
        let location = SourceLocation(file: file, line: 1)
        switch failure {
        case .notARegularFile:
            return Diagnostic(.error, code: "unreadable-file", "not a regular file (a pipe, socket or device); skipped",
                              at: location, suggestion: "replace it with an ordinary file or remove it")
        case .tooLarge(let bytes):
            return Diagnostic(.error, code: "file-too-large",
                              "file is \(bytes) bytes, over the limit of \(InputLimits.maximumFileBytes); skipped",
                              at: location, suggestion: "split it into several reference files")
        case .unreadable:
            return Diagnostic(.error, code: "unreadable-file", "cannot read this file", at: location,
                              suggestion: "check the file's permissions")
        }
    }
}
