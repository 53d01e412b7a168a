import Foundation
import SkillParser
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// The search tests' fixtures: the collection under Tests/search-fixtures, the text cases shared
/// with the JavaScript tests, and the index written from the collection for those tests.
enum SearchFixtures {
    static let collection = TestPaths.repository.appendingPathComponent("Tests/search-fixtures/collection")
    static let cases = TestPaths.repository.appendingPathComponent("Tests/search-js/cases.json")
    /// The fixture collection's index as the writer writes it; the JavaScript tests read it.
    static let writtenIndex = TestPaths.repository.appendingPathComponent("Tests/search-js/fixture-index")
    static let engineScript = TestPaths.repository.appendingPathComponent("Templates/assets/search.js")

    static let index: SearchIndex = {
        // A fixture that does not load is a broken checkout; fail loudly.
        SearchIndexBuilder.build(graph: try! CollectionLoader.load(root: collection.path))
    }()

    static let engine = SearchEngine(index: index)

    /// Pages of the results, in order.
    static func pages(_ query: String, typing: Bool = false) -> [String] {
        engine.search(query, options: SearchOptions(typing: typing)).results.map(\.page)
    }

    /// URL of the first result's best section.
    static func first(_ query: String, typing: Bool = false) -> String? {
        engine.search(query, options: SearchOptions(typing: typing)).results.first.map { $0.sections[0].url(page: $0.page) }
    }

    static func caseFile() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: cases)) as? [String: Any] ?? [:]
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An executable on the PATH, such as `node`.
    static func executable(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static let node = executable("node")
}
