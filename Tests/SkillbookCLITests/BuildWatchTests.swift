import Foundation
import Testing
import TestSupport

/// `build --watch`: a saved file is noticed and named, the site is rebuilt, and Ctrl-C stops the
/// watch with the last site in place and nothing staged left beside it. (Between builds either
/// the watcher takes the signal, status 0, or the build's interrupt handler, status 130.)
@Suite struct BuildWatchTests {
    @Test func rebuildsOnChangeAndStopsOnInterrupt() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": "---\nname: alpha\ndescription: First.\n---\n# Alpha\n"])
        let process = Process()
        process.executableURL = TestPaths.skillbookBinary
        process.arguments = ["build", tree.path + "/content", "-o", tree.path + "/out", "--watch"]
        try tree.write("content/alpha/SKILL.md", "---\nname: alpha\ndescription: First.\n---\n# Alpha\n")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let collected = Collected()
        output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        // Cleared at the end: a handler left set keeps its dispatch source, the closure and the
        // pipe alive for good (LeakSanitizer reported them under `make sanitize`).
        defer { output.fileHandleForReading.readabilityHandler = nil }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        #expect(collected.wait(for: "Watching"))
        try tree.write("content/alpha/SKILL.md", "---\nname: alpha\ndescription: First.\n---\n# Alpha, renamed\n")
        #expect(collected.wait(for: "Changed: \(tree.path)/content/alpha/SKILL.md; rebuilding."))
        #expect(collected.wait(for: "Built", occurrences: 2))
        #expect(try tree.read("out/alpha/index.html").contains("Alpha, renamed"))
        // The rebuild reused what did not change and names the pages it made anew.
        #expect(collected.wait(for: "Rebuilt 1 page: alpha/index.html; reused"))

        process.interrupt()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning)
        #expect([0, 130].contains(process.terminationStatus))
        #expect(FileManager.default.fileExists(atPath: tree.path + "/out/index.html"))
        let left = try FileManager.default.contentsOfDirectory(atPath: tree.path).filter { $0.hasPrefix(".") && $0 != ".out.skillbook-cache" }
        #expect(left.isEmpty, "left beside the site: \(left)")
    }

    /// Output read as it comes, and waited on.
    final class Collected: @unchecked Sendable {
        private var text = ""
        private let lock = NSLock()

        func append(_ data: Data) {
            lock.withLock { text += String(decoding: data, as: UTF8.self) }
        }

        /// Waits up to 60 s (a loaded machine) for `needle` to appear `occurrences` times.
        func wait(for needle: String, occurrences: Int = 1) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if lock.withLock({ text.components(separatedBy: needle).count - 1 >= occurrences }) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }
    }
}
