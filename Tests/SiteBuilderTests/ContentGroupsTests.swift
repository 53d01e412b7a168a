import Foundation
import Testing
import TestSupport
@testable import SiteBuilder
import SkillParser

/// Our own collection is grouped on the site by the sections of the Human Interface Guidelines,
/// so the home page lists every area of the HIG under its section.
@Suite struct ContentGroupsTests {
    @Test func everySkillOfContentSitsInOneSectionOfTheGuidelines() throws {
        let root = TestPaths.repository.appendingPathComponent("Content").path
        let graph = try CollectionLoader.load(root: root)
        let (config, diagnostics) = CollectionConfig.load(root: root)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")

        let groups = SkillGroups.group(graph.skills, config: config)
        #expect(groups.map(\.name) == ["Foundations", "Patterns", "Components", "Inputs", "Technologies", "Platforms"])
        #expect(groups.allSatisfy { $0.source == .config })
        #expect(groups.reduce(0) { $0 + $1.skills.count } == graph.skills.count)
    }
}
