import Foundation

/// Paths and helpers shared by the test suites.
public enum TestPaths {
    /// The repository's root folder.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

    deinit { try? FileManager.default.removeItem(at: root) }
}

/// The result of running the `skillbook` binary.
public struct ProcessResult: Sendable {
    public var stdout: String
    public var stderr: String
    public var exitCode: Int32
}

/// Runs the built `skillbook` with `arguments`, optional standard input and working folder.
public func runSkillbook(_ arguments: [String], stdin: String? = nil, in folder: URL? = nil,
                         environment: [String: String] = [:]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = TestPaths.skillbookBinary
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let output = Pipe(), error = Pipe(), input = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read both pipes before waiting so a large output cannot fill a pipe and block the child.
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self),
                         exitCode: process.terminationStatus)
}
