import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one Markdown file of a collection, refusing what would stall or exhaust a run: a
/// FIFO or device (reading one blocks forever), and a file past `InputLimits.maximumFileBytes`
/// (checked before reading, so a huge file is never loaded); for Markdown, also a file with a
/// line past `InputLimits.maximumLineBytes`, a paragraph past
/// `InputLimits.maximumBracketsPerParagraph` or a line past `InputLimits.maximumTableCellsPerLine`.
enum SourceFileReader {
    enum Failure: Error, Equatable {
        case notARegularFile
        case tooLarge(bytes: Int)
        case lineTooLong(line: Int, bytes: Int)
        case tooManyBrackets(line: Int, brackets: Int)
        case tooManyTableCells(line: Int)
        case unreadable
    }

    static func read(_ path: String) -> Result<Data, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.unreadable) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
        guard Int(info.st_size) <= InputLimits.maximumFileBytes else { return .failure(.tooLarge(bytes: Int(info.st_size))) }
        // `open` and `read` into one buffer of the file's size: FileHandle's reads cost more than
        // the bytes for the small files collections are made of.
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(.unreadable) }
        defer { close(descriptor) }
        // Read at most one byte past the limit, in case the file grew since `stat`.
        let limit = InputLimits.maximumFileBytes + 1
        var data = Data(count: min(Int(info.st_size) + 1, limit))
        var total = 0
        while true {
            if total == data.count {
                guard data.count < limit else { break }
                data.count = min(data.count * 2, limit)
            }
            let count = data.withUnsafeMutableBytes { buffer in
                readBytes(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        data.count = total
        guard total <= InputLimits.maximumFileBytes else { return .failure(.tooLarge(bytes: total)) }
        return .success(data)
    }

    /// `read`, then the line, bracket and table cell limits, which only Markdown needs (cmark-gfm is what
    /// slows down on them; a minified JSON manifest is fine).
    static func readMarkdown(_ path: String) -> Result<Data, Failure> {
        read(path).flatMap { data in
            if let long = firstLongLine(in: data) { return .failure(.lineTooLong(line: long.line, bytes: long.bytes)) }
            if let crowded = BracketBudget.firstOverflow(in: data) {
                return .failure(.tooManyBrackets(line: crowded.line, brackets: crowded.brackets))
            }
            if let wide = TableCellBudget.firstOverflow(in: data) {
                return .failure(.tooManyTableCells(line: wide.line))
            }
            return .success(data)
        }
    }

    /// The first line longer than the limit (1-based) and its length in bytes; CR, LF and CRLF
    /// all end a line, as for the parser.
    static func firstLongLine(in data: Data) -> (line: Int, bytes: Int)? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (line: Int, bytes: Int)? in
            if hasNoLongLine(bytes) { return nil }
            return firstLongLine(in: bytes)
        }
    }

    /// Whether a file without CR has no line over the limit, found a window at a time: the last
    /// LF among the next `maximumLineBytes + 1` bytes (looked for backwards from the window's
    /// end, a few bytes in prose) ends every line before it within the limit, and the next window
    /// starts after it. A few bytes read per 10 KB instead of every byte; `false` (the byte loop
    /// decides) for a file with CR or with a long line.
    private static func hasNoLongLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        guard memchr(base, Int32(UInt8(ascii: "\r")), bytes.count) == nil else { return false }
        var start = 0
        while bytes.count - start > InputLimits.maximumLineBytes {
            var newline = start + InputLimits.maximumLineBytes
            while newline >= start, bytes[newline] != UInt8(ascii: "\n") { newline -= 1 }
            guard newline >= start else { return false }
            start = newline + 1
        }
        return true
    }

    private static func firstLongLine(in bytes: UnsafeRawBufferPointer) -> (line: Int, bytes: Int)? {
        var line = 1, start = 0, index = 0
        let count = bytes.count
        while index <= count {
            let byte = index < count ? bytes[index] : UInt8(ascii: "\n")
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if index - start > InputLimits.maximumLineBytes { return (line, index - start) }
                // CRLF is one line end.
                if byte == UInt8(ascii: "\r"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                line += 1
                start = index + 1
            }
            index += 1
        }
        return nil
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
        case .lineTooLong(let line, let bytes):
            return Diagnostic(.error, code: "line-too-long",
                              "line is \(bytes) bytes, over the limit of \(InputLimits.maximumLineBytes); file skipped",
                              at: SourceLocation(file: file, line: line),
                              suggestion: "break the line, or move long data (tables, encoded images) into a separate file")
        case .tooManyBrackets(let line, let brackets):
            return Diagnostic(.error, code: "too-many-brackets",
                              "more than \(InputLimits.maximumBracketsPerParagraph) `[` in one paragraph (\(brackets) by this line); file skipped",
                              at: SourceLocation(file: file, line: line),
                              suggestion: "put blank lines between the paragraphs, or move the data into a code file and link to it")
        case .tooManyTableCells(let line):
            return Diagnostic(.error, code: "too-many-table-cells",
                              "more than \(InputLimits.maximumTableCellsPerLine) `|` (table cells) on one line; file skipped",
                              at: SourceLocation(file: file, line: line),
                              suggestion: "split the table into narrower ones, or move the data into a CSV file and link to it")
        case .unreadable:
            return Diagnostic(.error, code: "unreadable-file", "cannot read this file", at: location,
                              suggestion: "check the file's permissions")
        }
    }
}

/// POSIX `read`, named apart from `SourceFileReader.read`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
