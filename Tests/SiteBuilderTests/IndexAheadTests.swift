import Foundation
import SkillParser
import Testing
@testable import SiteBuilder

/// A rebuild's search index made beside the steps before it (`IndexAhead`): the site is the one
/// a full build writes, whether the index is patched or, when it cannot be, assembled once the
/// pages are rendered.
@Suite struct IndexAheadTests {
    /// A copy of the fixture collection and its built site, in a temporary folder.
    struct Fixture {
        let base: String
        var root: String { base + "/collection" }
        var output: String { base + "/out" }

        init() throws {
            base = (SiteFixtures.temporaryPath() as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: SiteFixtures.collection.path, toPath: root)
            try SiteFixtures.build(root, into: output)
        }

        func replace(_ text: String, with replacement: String, in file: String) throws {
            let path = root + "/" + file
            let contents = try String(contentsOfFile: path, encoding: .utf8)
            #expect(contents.contains(text))
            try contents.replacingOccurrences(of: text, with: replacement).write(toFile: path, atomically: true, encoding: .utf8)
        }

        func append(_ text: String, to file: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: root + "/" + file))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }

        /// Rebuilds with the index made ahead (assembled at once for at most `assemblingAtOnceUpTo`
        /// documents); the index step's `--verbose` line.
        func rebuildAhead(assemblingAtOnceUpTo: Int) throws -> String {
            let config = CollectionConfig.load(root: root).0
            let graph = try CollectionLoader.load(root: root, config: config)
            let lines = Lines()
            var log = StepLog(total: SiteBuilder.steps.count) { lines.add($0) }
            let options = SiteOptions(output: output, highlightScript: nil, reuse: true)
            let preparation = SitePreparation(options: options, contentRoot: root, indexingAhead: true,
                                              assemblingAtOnceUpTo: assemblingAtOnceUpTo)
            defer { preparation.abandon() }
            #expect(preparation.indexAhead != nil)
            preparation.start(graph: graph, config: config)
            _ = try SiteBuilder.build(SiteInput(graph: graph, config: config), prepared: preparation, log: &log)
            return try #require(lines.all.first { $0.contains("] index (") })
        }

        /// Whether the site is, file by file, the one a full build writes.
        func matchesFullBuild() throws -> Bool {
            let full = base + "/full"
            try? FileManager.default.removeItem(atPath: full)
            try SiteFixtures.build(root, into: full, reuse: false)
            let files = SiteFixtures.files(in: output)
            guard files == SiteFixtures.files(in: full) else { return false }
            return try files.allSatisfy { file in
                try Data(contentsOf: URL(fileURLWithPath: output + "/" + file)) == Data(contentsOf: URL(fileURLWithPath: full + "/" + file))
            }
        }
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    @Test func aPatchedIndexIsMadeBesideTheOtherSteps() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.base) }
        // The same sections, about as long: the last build's index is patched.
        try fixture.replace("go back to", with: "return to", in: "alpha-one/references/patterns.md")
        let line = try fixture.rebuildAhead(assemblingAtOnceUpTo: 0)
        #expect(line.contains("of work on a thread of its own from the start of load"))
        #expect(!line.contains("assembled anew"), "a reworded sentence patches the index: \(line)")
        #expect(try fixture.matchesFullBuild())
    }

    @Test func anIndexAssembledAnewWaitsForThePages() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.base) }
        // A new section cannot be patched in: the index is assembled from every document's counts.
        try fixture.append("\n## A new heading\n\nAbout wombats.\n", to: "alpha-one/references/patterns.md")
        let line = try fixture.rebuildAhead(assemblingAtOnceUpTo: 0)
        #expect(line.contains("assembled anew once the pages were rendered"), "\(line)")
        #expect(try fixture.matchesFullBuild())
        // A small collection's is assembled at once.
        try fixture.append("\n## Another heading\n\nAbout quokkas.\n", to: "alpha-one/references/patterns.md")
        let small = try fixture.rebuildAhead(assemblingAtOnceUpTo: 1_000)
        #expect(!small.contains("assembled anew"), "\(small)")
        #expect(try fixture.matchesFullBuild())
    }

    @Test func aBuildThatStopsBeforeItsGraphStopsItsIndex() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.base) }
        let preparation = SitePreparation(options: SiteOptions(output: fixture.output, highlightScript: nil, reuse: true),
                                          contentRoot: fixture.root, indexingAhead: true, assemblingAtOnceUpTo: 0)
        let index = try #require(preparation.indexAhead)
        // The load step failed: the index, waiting for the graph, ends with an error, and the
        // output folder prepared ahead is given up (its staging folder removed, its lock released).
        preparation.abandon()
        #expect(throws: IndexAhead.Stopped.self) { try index.step.wait() }
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/index.html"), "the previous site is left as it was")
        let siblings = try FileManager.default.contentsOfDirectory(atPath: fixture.base)
        #expect(!siblings.contains { $0.contains("skillbook-tmp") }, "\(siblings)")
        // And the next build may take the folder.
        try SiteFixtures.build(fixture.root, into: fixture.output)
    }
}
