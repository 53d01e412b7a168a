import Foundation
import Testing
import TestSupport

/// `check --spec strict` against the reference validator (`agentskills validate`, PyPI
/// `skills-ref`) on the smaller shared corpora, through scripts/compare-skills-ref.py.
/// Skipped when `../shared` or the Python package is absent; `make check-compat` runs all corpora.
@Suite struct SpecAgreementTests {
    static let corpora = ["hig-doctor/skills", "apple-hig-skills", "swiftui-expert"].compactMap { TestPaths.shared("corpora/" + $0) }

    static var available: Bool {
        guard corpora.count == 3 else { return false }
        return (try? python(["-c", "import skills_ref"]).exitCode) == 0
    }

    @Test(.enabled(if: available))
    func everySkillGetsTheReferenceValidatorsVerdict() throws {
        let script = TestPaths.repository.appendingPathComponent("scripts/compare-skills-ref.py").path
        let result = try Self.python([script, "--skillbook", TestPaths.skillbookBinary.path] + Self.corpora.map(\.path))
        #expect(result.exitCode == 0, "\(result.output)")
        #expect(result.output.contains("total (all rules): 30/30 skills agree, 0 differ"), "\(result.output)")
        #expect(result.output.contains("total (without unknown-field): 30/30 skills agree, 0 differ"), "\(result.output)")
    }

    static func python(_ arguments: [String]) throws -> (output: String, exitCode: Int32) {
        let result = try runProcess("python3", arguments, mergingStandardError: true)
        return (result.stdout, result.exitCode)
    }
}
