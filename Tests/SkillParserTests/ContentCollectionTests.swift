import Foundation
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

/// Keeps `Content/`, our own collection, to the shape the project promises.
@Suite struct ContentCollectionTests {
    static let root = TestPaths.repository.appendingPathComponent("Content").path

    private func graph() throws -> SkillGraph { try CollectionLoader.load(root: Self.root) }

    private func headings(_ document: Document, level: Int) -> [String] {
        document.markdown.headings.filter { $0.level == level }.map(\.text)
    }

    /// Issue 14's floor for the whole Human Interface Guidelines: 27 skills and 90 references.
    @Test func hasAtLeastTwentySevenSkillsAndNinetyReferencesAndLoadsCleanly() throws {
        let graph = try graph()
        #expect(graph.skills.count >= 27)
        #expect(graph.documents.filter { $0.kind == .reference }.count >= 90)
        #expect(graph.diagnostics.isEmpty, "\(graph.diagnostics.map(\.description))")
    }

    @Test func everySkillFileFollowsTheCollectionsShape() throws {
        let graph = try graph()
        for skill in graph.skills {
            let manifest = try #require(skill.manifest, "\(skill.skillFile) has no frontmatter")
            #expect(manifest.name == skill.folderName, "\(skill.skillFile)")
            let description = manifest.description ?? ""
            #expect(!description.isEmpty && description.count <= 1024, "\(skill.skillFile)")
            #expect(manifest.license != nil, "\(skill.skillFile) has no license")
            #expect(manifest.metadata.map(\.key).contains("version"), "\(skill.skillFile)")
            #expect(manifest.metadata.map(\.key).contains("checked"), "\(skill.skillFile)")
            let references = skill.documents.filter { graph.document(at: $0)?.kind == .reference }
            #expect((2...5).contains(references.count), "\(skill.skillFile) has \(references.count) references")

            let document = try #require(graph.document(at: skill.skillFile))
            let sections = headings(document, level: 2)
            for required in ["Checklist", "Details on demand", "Related skills"] {
                #expect(sections.contains(required), "\(skill.skillFile) lacks ## \(required)")
            }
            // "Details on demand" links every reference; "Related skills" names real siblings.
            let linked = Set(document.markdown.links.compactMap { link -> String? in
                RelativePath.resolve(LinkTarget(link.destination).path, from: skill.folder)
            })
            for reference in references {
                #expect(linked.contains(reference), "\(skill.skillFile) does not link \(reference)")
            }
            #expect(!document.markdown.relatedSkillItems.isEmpty, "\(skill.skillFile)")
            for item in document.markdown.relatedSkillItems {
                #expect(graph.skill(named: item.name) != nil, "\(skill.skillFile): unknown skill \(item.name)")
            }
        }
    }

    @Test func everyReferenceHasContentsNumberedSectionsATableSwiftCodeAndSources() throws {
        let graph = try graph()
        for document in graph.documents where document.kind == .reference {
            let sections = headings(document, level: 2)
            #expect(sections.first == "Contents", "\(document.path)")
            #expect(sections.last == "Sources", "\(document.path)")
            let numbered = sections.filter { $0.first?.isNumber == true }
            #expect(numbered.count >= 3, "\(document.path)")
            let anchors = Set(document.markdown.headings.map(\.anchor))
            let contents = document.markdown.links.filter { $0.destination.hasPrefix("#") }
            #expect(contents.count >= numbered.count, "\(document.path): contents list is short")
            for link in contents {
                #expect(anchors.contains(String(link.destination.dropFirst())), "\(document.path): \(link.destination)")
            }
            #expect(!document.markdown.tables.isEmpty, "\(document.path) has no table")
            #expect(document.markdown.codeBlocks.contains { $0.language == "swift" }, "\(document.path) has no Swift")
            #expect(document.markdown.frontmatter == nil, "\(document.path)")
        }
    }

    @Test func everyRelativeLinkAndAnchorResolves() throws {
        let graph = try graph()
        for document in graph.documents {
            for link in document.markdown.links + document.markdown.images {
                let target = LinkTarget(link.destination)
                guard target.kind == .relative || target.kind == .sameDocument else { continue }
                let path = target.kind == .sameDocument
                    ? document.path : RelativePath.resolve(target.path, from: RelativePath.folder(of: document.path))
                let resolved = try #require(path.flatMap { graph.document(at: $0) }, "\(link.location): \(link.destination)")
                if let anchor = target.anchor {
                    #expect(resolved.markdown.headings.contains { $0.anchor == anchor }, "\(link.location): #\(anchor)")
                }
            }
        }
    }

    @Test func checkIsCleanEvenUnderTheStrictSpecification() throws {
        let graph = try graph()
        let (config, configProblems) = CollectionConfig.load(root: Self.root)
        #expect(configProblems.isEmpty)
        for spec in CheckOptions.Spec.allCases {
            let findings = CheckRunner.run(graph: graph, config: config, options: CheckOptions(spec: spec))
            #expect(findings.isEmpty, "\(spec): \(findings.map(\.description))")
        }
    }

    @Test func noRuleIsStatedInTwoSkills() throws {
        let clusters = DuplicateFinder().clusters(in: try graph())
        let crossSkill = clusters.filter(\.isCrossSkillDuplicate)
        #expect(crossSkill.isEmpty, "\(crossSkill.map(\.representative))")
    }
}
