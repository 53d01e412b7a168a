import Foundation
import Testing
@testable import SkillParser
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates

/// The checks on the shared corpora; skipped when `../shared` is absent.
@Suite struct CheckCorpusTests {
    @Test(.enabled(if: TestPaths.shared("corpora/hig-doctor/skills") != nil))
    func higDoctorHasNoErrorsAndOnlyTheVersionFieldWarnings() throws {
        let root = try #require(TestPaths.shared("corpora/hig-doctor/skills"))
        let diagnostics = CheckRunner.run(graph: try CollectionLoader.load(root: root.path))
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.filter { $0.severity == .error })")
        // Every warning is a top-level `version:`, which the specification wants under `metadata:`.
        #expect(diagnostics.count == 14)
        #expect(diagnostics.allSatisfy { $0.code == "unknown-field" && $0.message.hasPrefix("`version`") })
    }

    @Test(.enabled(if: TestPaths.shared("corpora/agentic-awesome-skills/skills") != nil))
    func agenticSkillsReportsRealBrokenLinksAndAnchorsWithSuggestions() throws {
        let root = try #require(TestPaths.shared("corpora/agentic-awesome-skills/skills"))
        let diagnostics = CheckRunner.run(graph: try CollectionLoader.load(root: root.path))
        func find(_ file: String, _ code: String) -> [Diagnostic] {
            diagnostics.filter { $0.location.file == file && $0.code == code }
        }
        // A table of contents entry for a section the guide never got.
        #expect(find("backend-dev-guidelines/resources/middleware-guide.md", "broken-anchor").map(\.message)
            .contains("anchor `#validation-middleware` is not in this document"))
        // A table of contents written for numbered headings.
        let numbered = find("postgres-best-practices/AGENTS.md", "broken-anchor")
        #expect(numbered.contains { $0.suggestion == "did you mean `#4-schema-design`?" })
        // Hugo-style `{#id}` heading attributes, which GitHub does not read.
        #expect(find("rclone-cli/references/bisync.md", "broken-anchor").contains {
            $0.suggestion?.hasPrefix("write `#--resync-mode-choice-resync-mode`") == true
        })
        #expect(diagnostics.filter { $0.code == "broken-link" }.count > 10)
        #expect(diagnostics == diagnostics.sorted())
    }
}
