import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// Runs Tests/browser/site-browser-test.mjs: headless Chromium opens the fixture site over
/// file://, follows its links and sees no console errors. Skipped when Node or Chromium is missing.
@Suite struct SiteBrowserTests {
    static let node = BrowserTools.find("node")
    static let chromium = ProcessInfo.processInfo.environment["CHROMIUM"] ?? BrowserTools.find("chromium")

    @Test(.enabled(if: node != nil && chromium != nil, "needs node and chromium (Debian packages nodejs, chromium)"))
    func fixtureSiteWorksInHeadlessChromium() throws {
        let output = SiteFixtures.temporaryPath()
        // Built with highlight.js when it is installed, so the test also sees code highlighted.
        let root = SiteFixtures.collection.path
        let input = SiteInput(graph: try CollectionLoader.load(root: root), config: CollectionConfig.load(root: root).0)
        var log = StepLog(total: SiteBuilder.steps.count)
        _ = try SiteBuilder.build(input, options: SiteOptions(output: output), log: &log)
        let script = TestPaths.repository.appendingPathComponent("Tests/browser/site-browser-test.mjs").path
        let result = try BrowserTools.run(try #require(Self.node), [script, output, "--chromium", try #require(Self.chromium)])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("0 problems"), "\(result.output)")
    }
}

enum BrowserTools {
    /// An executable on the PATH.
    static func find(_ name: String) -> String? { TestPaths.executable(named: name) }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try runProcess(executable, arguments, mergingStandardError: true)
        return (result.exitCode, result.stdout)
    }
}
