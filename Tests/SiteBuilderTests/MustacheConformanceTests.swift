import Foundation
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// Runs every case of every JSON file of the Mustache specification in `../shared/conformance/mustache`.
@Suite struct MustacheConformanceTests {
    static let folder = TestPaths.shared("conformance/mustache")

    @Test(.enabled(if: folder != nil, "../shared/conformance/mustache is absent"))
    func everySpecCasePasses() throws {
        let folder = try #require(Self.folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        for required in ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"] {
            #expect(files.contains("\(required).json"), "missing spec file \(required).json")
        }
        var caseCount = 0
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let spec = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let cases = try #require(spec["tests"] as? [[String: Any]], "\(file) has no tests")
            for specCase in cases {
                caseCount += 1
                check(specCase, file: file)
            }
        }
        #expect(caseCount > 0)
    }

    private func check(_ specCase: [String: Any], file: String) {
        let name = specCase["name"] as? String ?? "?"
        let label = "\(file): \(name)"
        guard let source = specCase["template"] as? String, let expected = specCase["expected"] as? String else {
            Issue.record("\(label): case has no template or expected output")
            return
        }
        do {
            var partials: [String: MustacheTemplate] = [:]
            for (partialName, partialSource) in specCase["partials"] as? [String: String] ?? [:] {
                partials[partialName] = try MustacheTemplate(partialSource, name: partialName)
            }
            let template = try MustacheTemplate(source, name: name)
            let output = template.render(MustacheValue(json: specCase["data"] ?? NSNull()), partials: partials)
            if output != expected {
                Issue.record("\(label)\n  template: \(source.debugDescription)\n  expected: \(expected.debugDescription)\n  rendered: \(output.debugDescription)")
            }
        } catch {
            Issue.record("\(label): \(error)")
        }
    }
}
