import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SiteBuilder

/// One catalogue of diagnostic codes: whatever any part of Skillbook emits is in it.
@Suite struct CatalogueTests {
    static let catalogue = Set(Checks.codes.map(\.code))

    /// Every collection under Tests/ that the suites load.
    static var fixtureRoots: [URL] {
        let tests = TestPaths.repository.appendingPathComponent("Tests")
        var roots = [
            tests.appendingPathComponent("SiteBuilderTests/SiteFixtures/collection"),
            tests.appendingPathComponent("search-fixtures/collection"),
        ]
        let fixtures = tests.appendingPathComponent("SkillParserTests/Fixtures")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path))?.sorted() ?? [] {
            let folder = fixtures.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            roots.append(folder)
            // A folder of fixtures (dupes/identical, dupes/reordered, ...) is loaded one fixture at a time too.
            for inner in (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? [] where !inner.hasPrefix(".") {
                let path = folder.appendingPathComponent(inner)
                if FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder), isFolder.boolValue { roots.append(path) }
            }
        }
        return roots
    }

    @Test func everyCodeEmittedOnEveryFixtureIsInTheCatalogue() throws {
        var seen = Set<String>()
        for root in Self.fixtureRoots {
            let (config, configProblems) = CollectionConfig.load(root: root.path)
            let graph = try CollectionLoader.load(root: root.path, config: config)
            var emitted = configProblems + CheckRunner.configDiagnostics(config)
            for spec in CheckOptions.Spec.allCases {
                emitted += CheckRunner.run(graph: graph, config: config, options: CheckOptions(spec: spec))
            }
            let output = SiteFixtures.temporaryPath()
            defer { SiteFixtures.removeTemporary(output) }
            emitted += try SiteFixtures.build(root.path, into: output).problems
            for diagnostic in emitted {
                #expect(Self.catalogue.contains(diagnostic.code), "\(root.lastPathComponent): \(diagnostic)")
                seen.insert(diagnostic.code)
            }
        }
        #expect(seen.count >= 10, "the fixtures exercise few codes: \(seen.sorted())")
    }

    @Test func aSitePathCollisionIsExplainedAndConfigurable() throws {
        let tree = try FixtureTree(["search.md": "# Search\n", "skillbook.yml": "severity:\n  site-path-collision: error\n"])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        let problems = try SiteFixtures.build(tree.path, into: output).problems
        #expect(problems.map(\.code) == ["site-path-collision"])
        #expect(problems.map(\.severity) == [.error])
        #expect(Checks.info(for: "site-path-collision") != nil)
        #expect(CheckRunner.configDiagnostics(CollectionConfig.load(root: tree.path).0).isEmpty)
    }

    /// Every `code: "..."` written in Sources/ names a catalogued code, so a code added in a new
    /// place cannot be left out.
    @Test func everyCodeWrittenInTheSourcesIsInTheCatalogue() throws {
        let sources = TestPaths.repository.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var written = Set<String>()
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources.appendingPathComponent(path).path, encoding: .utf8)
            for part in text.components(separatedBy: "code: \"").dropFirst() {
                let code = String(part.prefix { $0 != "\"" })
                if code.allSatisfy({ $0.isLowercase || $0 == "-" }), !code.isEmpty { written.insert(code) }
            }
        }
        #expect(written.count > 20)
        #expect(written.subtracting(Self.catalogue).sorted() == [])
    }
}
