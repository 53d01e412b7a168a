import Foundation
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

/// The foundation's promises on the shared real-world corpora; skipped when ../shared is absent.
@Suite struct CorpusLoadTests {
    @Test(.enabled(if: TestPaths.shared("corpora/hig-doctor/skills") != nil))
    func higDoctorHas14SkillsAnd156References() throws {
        let root = try #require(TestPaths.shared("corpora/hig-doctor/skills"))
        let graph = try CollectionLoader.load(root: root.path)
        #expect(graph.skills.count == 14)
        #expect(graph.documents.filter { $0.kind == .reference }.count == 156)
        let references = graph.documents.filter { $0.kind == .reference }
        #expect(references.allSatisfy { !$0.markdown.headings.isEmpty })
        #expect(references.allSatisfy { !$0.markdown.links.isEmpty })
        // hig-doctor keeps its tables and code blocks in the SKILL.md files.
        #expect(graph.documents.filter { !$0.markdown.tables.isEmpty }.count >= 3)
        #expect(graph.documents.contains { !$0.markdown.codeBlocks.isEmpty })
        #expect(graph.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test(.enabled(if: TestPaths.shared("corpora/apple-hig-skills") != nil))
    func appleHIGSkillsReportsEveryUnterminatedFrontmatterAndStillParsesBodies() throws {
        let root = try #require(TestPaths.shared("corpora/apple-hig-skills"))
        let graph = try CollectionLoader.load(root: root.path)
        let unterminated = graph.diagnostics.filter {
            $0.code == "unterminated-frontmatter" || $0.code == "frontmatter-accidental-close"
        }
        // Every file that opens `---` without a closing fence is reported, at line 1 of that file.
        let expected = try graph.documents.filter { document in
            let text = try String(contentsOfFile: root.appendingPathComponent(document.path).path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return lines.first == "---" && !lines.dropFirst().contains("---")
        }.map(\.path)
        #expect(expected.count > 100)
        #expect(Set(expected).isSubset(of: Set(unterminated.map(\.location.file))))
        #expect(unterminated.allSatisfy { $0.location.line == 1 })
        for path in Set(unterminated.map(\.location.file)) {
            let document = try #require(graph.document(at: path))
            #expect(!document.markdown.headings.isEmpty, "\(path) lost its headings")
        }
    }
}
