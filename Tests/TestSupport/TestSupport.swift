import Foundation

/// Paths and helpers shared by the test suites.
public enum TestPaths {
    /// The repository's root folder.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the default theme (`Templates/`), or "" when it cannot be read, so that a
    /// fixture's own theme folder starts as the default theme.
    public static func defaultThemeFile(_ name: String) -> String {
        (try? String(contentsOf: repository.appendingPathComponent("Templates/" + name), encoding: .utf8)) ?? ""
    }

    /// `../shared` beside the repository, or `nil` when it is absent (a fresh clone).
    public static var shared: URL? {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// A folder of `../shared`, or `nil` when absent; tests use it with `.enabled(if:)`.
    public static func shared(_ relative: String) -> URL? {
        guard let url = shared?.appendingPathComponent(relative),
              FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }

    /// The path of an executable found on PATH, or `nil`.
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The built `skillbook` executable, next to the test bundle.
    public static var skillbookBinary: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // `swift test` runs `.build/<config>/XPackageTests.xctest`, a file on Linux and a bundle on macOS.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("skillbook").path),
              folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("skillbook")
    }
}

/// A temporary folder filled with files, removed when the value is released.
public final class FixtureTree: @unchecked Sendable {
    public let root: URL

    /// Creates `files` (root-relative path → contents) in a fresh temporary folder.
    public init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("skillbook-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, contents) in files { try write(path, contents) }
    }

    public func write(_ path: String, _ contents: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    public func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    public var path: String { root.path }

    /// A fresh path for a scratch file kept outside the collection and removed with it.
    public func scratchFile(_ name: String) throws -> URL {
        let folder = root.appendingPathExtension("scratch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.removeItem(at: root.appendingPathExtension("scratch"))
    }
}

/// The result of running the `skillbook` binary.
public struct ProcessResult: Sendable {
    public var stdout: String
    public var stderr: String
    public var exitCode: Int32
}

/// Runs the built `skillbook` with `arguments`, optional standard input and working folder.
/// `NO_COLOR` is set unless `environment` says otherwise.
public func runSkillbook(_ arguments: [String], stdin: String? = nil, in folder: URL? = nil,
                         environment: [String: String] = [:]) throws -> ProcessResult {
    var overrides: [String: String?] = ["NO_COLOR": "1"]
    for (name, value) in environment { overrides[name] = value }
    return try runProcess(TestPaths.skillbookBinary.path, arguments, stdin: stdin, in: folder, environment: overrides)
}

/// Runs `executable` (a path, or a name looked up on PATH through `env`) and collects its output.
/// Standard input is `stdin` or empty; with `mergingStandardError` both streams go to `stdout`.
/// `environment` changes this process's environment for the child: a `nil` value removes a variable.
public func runProcess(_ executable: String, _ arguments: [String], stdin: String? = nil, in folder: URL? = nil,
                       environment: [String: String?] = [:], mergingStandardError: Bool = false) throws -> ProcessResult {
    let process = Process()
    if executable.hasPrefix("/") {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
    }
    if let folder { process.currentDirectoryURL = folder }
    var childEnvironment = ProcessInfo.processInfo.environment
    for (name, value) in environment { childEnvironment[name] = value }
    process.environment = childEnvironment
    let output = Pipe(), error = Pipe(), input = Pipe()
    process.standardOutput = output
    process.standardError = mergingStandardError ? output : error
    process.standardInput = input
    try process.run()
    // Drain standard error on another thread so that neither pipe can fill and block the child.
    let errors = ErrorCollector()
    let group = DispatchGroup()
    if !mergingStandardError {
        DispatchQueue.global().async(group: group) { errors.data = error.fileHandleForReading.readDataToEndOfFile() }
    }
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errors.data, as: UTF8.self),
                         exitCode: process.terminationStatus)
}

private final class ErrorCollector: @unchecked Sendable {
    var data = Data()  // written once by the reading thread, read after `group.wait()`
}
