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
        defer { SiteFixtures.removeTemporary(output) }
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

extension SiteBrowserTests {
    /// A Chinese collection: every page says `lang="zh-Hans"`, search finds a Chinese heading and
    /// leads to it highlighted, and the layout checks hold with Chinese interface strings.
    @Test(.enabled(if: node != nil && chromium != nil, "needs node and chromium (Debian packages nodejs, chromium)"))
    func aChineseSiteWorksInHeadlessChromium() throws {
        var files = ["README.md": "# 界面技能\n\n本合集收录界面设计技能。\n"]
        for (index, topic) in ["颜色", "对比度", "按钮", "布局", "导航", "字体"].enumerated() {
            files["jineng-\(index)/SKILL.md"] = """
                ---
                name: jineng-\(index)
                description: 用于检查\(topic)的技能。
                ---
                # \(topic)技能

                ## 何时使用

                检查\(topic)时使用本技能，参见 `jineng-\((index + 1) % 6)`。

                ```swift
                let value = \(index)
                ```

                """
            files["jineng-\(index)/references/guide.md"] = "# \(topic)指南\n\n## 步骤\n\n先检查\(topic)。\n"
        }
        let tree = try FixtureTree(files)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        let input = SiteInput(graph: try CollectionLoader.load(root: tree.path), config: CollectionConfig.load(root: tree.path).0)
        var log = StepLog(total: SiteBuilder.steps.count)
        _ = try SiteBuilder.build(input, options: SiteOptions(output: output), log: &log)
        let script = TestPaths.repository.appendingPathComponent("Tests/browser/site-browser-test.mjs").path
        let result = try BrowserTools.run(try #require(Self.node),
                                          [script, output, "--chromium", try #require(Self.chromium), "--lang", "zh-Hans"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("searched for \"何时使用\""), "\(result.output)")
        #expect(result.output.contains(" 0 problems"), "\(result.output)")
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
