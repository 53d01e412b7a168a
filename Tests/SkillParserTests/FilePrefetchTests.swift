import Foundation
import Testing
import TestSupport
@testable import SkillParser

/// The prefetch asks the system for the regular files a load will read, and for nothing else: a
/// FIFO, a folder, a file over the size limit and a missing path are left to the reader, which
/// reports them; it stops asking when told to.
@Suite struct FilePrefetchTests {
    @Test(.timeLimit(.minutes(10)))
    func onlyRegularFilesTheReaderWouldReadAreAskedFor() throws {
        let tree = try FixtureTree(["a/SKILL.md": "# A\n", "b/SKILL.md": "# B\n", "b/references/c.md": "# C\n", "folder/x.md": "# X\n"])
        #expect(mkfifo(tree.path + "/pipe.md", 0o644) == 0)
        #expect(FileManager.default.createFile(atPath: tree.path + "/huge.md", contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: tree.path + "/huge.md"))
        try handle.truncate(atOffset: UInt64(InputLimits.maximumFileBytes + 1))  // sparse
        try handle.close()
        let paths = ["a/SKILL.md", "pipe.md", "b/SKILL.md", "folder", "huge.md", "missing.md", "b/references/c.md"].map { tree.path + "/" + $0 }
        let prefetch = FilePrefetch(paths)
        prefetch.wait()
        #expect(prefetch.asked == ["a/SKILL.md", "b/SKILL.md", "b/references/c.md"].map { tree.path + "/" + $0 })
    }

    @Test func afterStopNothingMoreIsAskedFor() throws {
        let tree = try FixtureTree(["a.md": "# A\n"])
        let prefetch = FilePrefetch(Array(repeating: tree.path + "/a.md", count: 200_000))
        prefetch.stop()
        let asked = prefetch.asked.count
        prefetch.wait()
        // At most one file a thread was being asked for when the stop came.
        #expect(prefetch.asked.count <= asked + FilePrefetch.threads)
        #expect(prefetch.asked.count < 200_000)
    }

    @Test func noPathsStartsNoThread() {
        let prefetch = FilePrefetch([])
        prefetch.wait()
        #expect(prefetch.asked.isEmpty)
    }
}
