import Foundation
import Testing
import TestSupport

/// SIGINT and SIGTERM during a build remove its staging folder and leave the previous site.
@Suite struct InterruptedBuildTests {
    /// A collection big enough that a debug build runs for a while.
    static func collection() throws -> FixtureTree {
        let tree = try FixtureTree()
        let rules = (0..<40).map { "- rule \($0) about buttons, lists and the rest\n" }.joined()
        for index in 0..<250 {
            try tree.write("s\(index)/SKILL.md", "---\nname: s\(index)\ndescription: Skill \(index).\n---\n# S\(index)\n\n\(rules)")
        }
        return tree
    }

    @Test(.timeLimit(.minutes(10)), arguments: [SIGINT, SIGTERM])
    func anInterruptedBuildLeavesThePreviousSiteAndNoStagingFolder(signal: Int32) throws {
        let tree = try Self.collection()
        let output = tree.root.appendingPathComponent("out")
        #expect(try runSkillbook(["build", tree.path, "-o", output.path, "-q"]).exitCode == 0)
        let previous = try Data(contentsOf: output.appendingPathComponent("index.html"))
        try tree.write("s0/SKILL.md", "---\nname: s0\ndescription: Changed.\n---\n# Changed\n")

        let process = Process()
        process.executableURL = TestPaths.skillbookBinary
        process.arguments = ["build", tree.path, "-o", output.path, "-q"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the build writes its staging folder, then interrupt it.
        let deadline = Date().addingTimeInterval(60)
        func staging() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: tree.path)) ?? []).filter { $0.hasPrefix(".out.skillbook-tmp-") }
        }
        while staging().isEmpty, process.isRunning, Date() < deadline { usleep(20_000) }
        let interrupted = process.isRunning
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        if interrupted {
            #expect(process.terminationStatus == 128 + signal)
            #expect(staging() == [])
            #expect(try Data(contentsOf: output.appendingPathComponent("index.html")) == previous)
        } else {
            // The build finished before the signal: nothing to interrupt, and nothing left over either.
            #expect(staging() == [])
        }
        #expect(!FileManager.default.fileExists(atPath: tree.root.appendingPathComponent(".out.skillbook-lock").path))
    }
}
