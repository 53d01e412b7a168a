import Foundation
import Testing
import TestSupport

/// Same input, same bytes, whatever the number of cores: the repository's own collection built on
/// one core (`taskset -c 0`, so no two threads ever run at once) and on all of them gives the
/// same files with the same contents. Parsing, rendering, indexing and copying all run in
/// parallel; this fails if any of them lets scheduling order reach the output.
@Suite struct BuildDeterminismTests {
    static let taskset = TestPaths.executable(named: "taskset")

    @Test(.enabled(if: taskset != nil && ProcessInfo.processInfo.activeProcessorCount > 1))
    func oneCoreAndAllCoresWriteTheSameSite() throws {
        let tree = try FixtureTree()
        let content = TestPaths.repository.appendingPathComponent("Content").path
        let binary = TestPaths.skillbookBinary.path
        let one = try runProcess(Self.taskset!, ["-c", "0", binary, "build", content, "-o", tree.path + "/one", "-q"])
        #expect(one.exitCode == 0, "\(one.stderr)")
        let all = try runSkillbook(["build", content, "-o", tree.path + "/all", "-q"])
        #expect(all.exitCode == 0, "\(all.stderr)")
        let oneFiles = try Self.files(under: tree.path + "/one")
        let allFiles = try Self.files(under: tree.path + "/all")
        #expect(oneFiles.count > 100)
        #expect(oneFiles.keys.sorted() == allFiles.keys.sorted())
        let different = oneFiles.keys.sorted().filter { oneFiles[$0] != allFiles[$0] }
        #expect(different.isEmpty, "files that differ: \(different.prefix(10))")
    }

    /// Every file under `root`, by relative path.
    static func files(under root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: root)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return files
    }
}
