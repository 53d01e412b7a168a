import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SiteBuilder

/// `check` and the site read one resolution of every link: the links `check` reports as broken
/// are exactly the links the site marks as broken, document by document.
@Suite struct LinkAgreementTests {
    /// Codes `check` gives a link that leads nowhere (a missing anchor included).
    static let brokenCodes: Set<String> = [
        "broken-link", "link-case-mismatch", "link-outside-root", "empty-link", "broken-anchor", "folder-link",
        "unsafe-link", "invalid-url",
    ]

    /// Broken links per document: as `check` reports them, and as the site's pages mark them.
    static func counts(root: String) throws -> (check: [String: Int], site: [String: Int]) {
        let config = CollectionConfig.load(root: root).0
        let graph = try CollectionLoader.load(root: root, config: config)
        let findings = CheckRunner.run(graph: graph, checks: [LinkTargetCheck(), AnchorCheck()])
        var check: [String: Int] = [:]
        for finding in findings where brokenCodes.contains(finding.code) { check[finding.location.file, default: 0] += 1 }
        let documents = graph.documents
        let marked = Parallel.map(documents.count, minimumChunk: 8) { index -> Int in
            let document = documents[index]
            let body = MarkdownHTML(resolver: LinkResolver(graph: graph, documentPath: document.path), graph: graph,
                                    document: document, anchoredLines: [], reservedIDs: []).render()
            return ((body.titleHTML ?? "") + body.html).components(separatedBy: "class=\"broken-link\"").count - 1
        }
        var site: [String: Int] = [:]
        for (document, count) in zip(documents, marked) where count > 0 { site[document.path] = count }
        return (check, site)
    }

    @Test func agreeOnAFixtureWithEveryKindOfBrokenLink() throws {
        let tree = try FixtureTree([
            "a/SKILL.md": "---\nname: a\ndescription: A.\n---\n# A\n\n## Setup\n\n"
                + "[ok](#setup) [case](#Setup) [top](#top) [gh](#user-content-setup) [gone](#nope) [file](gone.md)\n"
                + "[empty]() [js](javascript:alert(1)) [bad](http://host:port/) [up](../../x.md) [dir](assets/)\n"
                + "![missing](img/none.png) [Case](references/R.md) [ref](references/r.md#Part)\n\n"
                + "<div>id=frag</div>\n\n[frag](#frag) <img src=\"img/none.png\"> <a href=\"references/r.md#nope\">x</a>\n",
            "a/references/r.md": "# R\n\n## Part\n",
            "a/assets/x.png": "png",
        ])
        let (check, site) = try Self.counts(root: tree.path)
        #expect(check == ["a/SKILL.md": 12])
        #expect(site == check)
    }

    @Test func agreeOnTheFixtureCollectionAndOurContent() throws {
        for root in [SiteFixtures.collection.path, TestPaths.repository.appendingPathComponent("Content").path] {
            let (check, site) = try Self.counts(root: root)
            #expect(site == check, "\(root)")
        }
    }

    @Test(.enabled(if: TestPaths.shared("corpora") != nil))
    func agreeOnEverySharedCorpus() throws {
        let corpora = try #require(TestPaths.shared("corpora"))
        let names = try FileManager.default.contentsOfDirectory(atPath: corpora.path).filter { !$0.hasPrefix(".") }.sorted()
        var checked = 0
        for name in names {
            var isFolder: ObjCBool = false
            let root = corpora.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let (check, site) = try Self.counts(root: root)
            #expect(site == check, "\(name): check and site disagree on \(Set(site.keys).symmetricDifference(check.keys).sorted().prefix(5))")
            checked += 1
        }
        #expect(checked > 0)
    }
}
