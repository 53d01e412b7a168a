import Foundation
@testable import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// The site of a large collection: reports split in pages of bounded size, groups that come from
/// the collection, a home page that stays small, light pages.
@Suite struct SiteScaleTests {
    static func skill(_ name: String, folder: String? = nil, category: String? = nil) -> Skill {
        let folder = folder ?? name
        var frontmatter = "---\nname: \(name)\ndescription: About \(name).\n"
        if let category { frontmatter += "category: \(category)\n" }
        frontmatter += "---\n"
        var diagnostics: [Diagnostic] = []
        let document = MarkdownDocument(path: "\(folder)/SKILL.md", text: frontmatter + "# \(name)\n", diagnostics: &diagnostics)
        let manifest = SkillManifest(entries: document.frontmatter?.entries ?? [], diagnostics: &diagnostics)
        return Skill(name: name, folder: folder, skillFile: "\(folder)/SKILL.md", manifest: manifest, documents: [])
    }

    @Test func pagingKeepsEachPageWithinItsBudget() {
        // Marks that are not multiples of the interval end no page.
        func unmarked(_ count: Int) -> [UInt64] { [UInt64](repeating: 1, count: count) }
        #expect(ReportPaging.split([], marks: [], budget: 10) == [0..<0])
        #expect(ReportPaging.split([4, 4, 4, 4, 4], marks: unmarked(5), budget: 10) == [0..<2, 2..<4, 4..<5])
        // An item heavier than the budget gets a page of its own.
        #expect(ReportPaging.split([3, 30, 3], marks: unmarked(3), budget: 10) == [0..<1, 1..<2, 2..<3])
        // A marked item ends its page once the page holds half the budget, not before.
        #expect(ReportPaging.split([2, 2, 2, 2, 2], marks: [0, 1, 0, 1, 1], budget: 10) == [0..<3, 3..<5])
        #expect(ReportPaging.split([2, 2, 2], marks: [1, 1, 0], budget: 10) == [0..<3])
        #expect(ReportPaging.path("reports/diagnostics/broken-link", part: 1) == "reports/diagnostics/broken-link.html")
        #expect(ReportPaging.path("reports/diagnostics/broken-link", part: 3) == "reports/diagnostics/broken-link-3.html")
    }

    /// A rebuild makes again only the report pages whose items changed: one item made heavier,
    /// one removed and one added move the ends of the pages around them, not of every later page.
    @Test func aChangedItemMovesOnlyTheEndsOfThePagesAroundIt() {
        let budget = 20_000
        func pages(_ items: [(id: Int, weight: Int)]) -> Set<[Int]> {
            let marks = items.map { item in ReportPaging.mark { $0.add(item.id) } }
            let ranges = ReportPaging.split(items.map(\.weight), marks: marks, budget: budget)
            for range in ranges where range.count > 1 {
                #expect(items[range].reduce(0) { $0 + $1.weight } <= budget)
            }
            #expect(ranges.map(\.count).reduce(0, +) == items.count)
            return Set(ranges.map { items[$0].map(\.id) })
        }
        let items = (0..<3_000).map { (id: $0, weight: 300 + ($0 * 7_919) % 1_700) }
        let before = pages(items)
        #expect(before.count > 100)
        var heavier = items
        heavier[1_500].weight += 1_500
        var removed = items
        removed.remove(at: 700)
        var added = items
        added.insert((id: 9_999, weight: 900), at: 2_200)
        for changed in [heavier, removed, added] {
            let after = pages(changed)
            #expect(before.subtracting(after).count <= 3, "\(before.subtracting(after).count) pages changed")
        }
    }

    @Test func theDiagnosticsReportPutsErrorsFirstAndSplitsLargeCodes() {
        func finding(_ severity: Severity, _ code: String, _ line: Int) -> Diagnostic {
            Diagnostic(severity, code: code, "a finding", at: SourceLocation(file: "a/SKILL.md", line: line))
        }
        let diagnostics = (1...40).map { finding(.warning, "unknown-field", $0) } + (1...3).map { finding(.error, "broken-link", $0) }
            + [finding(.warning, "orphan-reference", 1)]
        let small = DiagnosticsReport(diagnostics)
        #expect(small.codes.map(\.code) == ["broken-link", "unknown-field", "orphan-reference"])
        #expect(!small.isSplit && small.pages.isEmpty)
        let large = DiagnosticsReport(diagnostics, budget: 5_000)
        #expect(large.isSplit)
        let unknown = try! #require(large.code("unknown-field"))
        #expect(unknown.parts.count > 1)
        #expect(unknown.parts.map(\.count).reduce(0, +) == 40)
        #expect(large.pages.first?.path == "reports/diagnostics/broken-link.html")
        #expect(large.pages.contains { $0.path == "reports/diagnostics/unknown-field-2.html" })
    }

    @Test func theDuplicatesReportShowsTheLargestClustersFirst() {
        func cluster(_ title: String, _ size: Int) -> DuplicateGroup {
            DuplicateGroup(title: title, members: (1...size).map {
                DuplicateGroup.Member(location: SourceLocation(file: "a/SKILL.md", line: $0), text: "")
            })
        }
        let report = DuplicatesReport([cluster("two", 2), cluster("five", 5), cluster("other two", 2), cluster("three", 3)])
        #expect(report.clusters.map(\.title) == ["five", "three", "two", "other two"])
        #expect(!report.isSplit)
        #expect(DuplicatesReport((1...50).map { cluster("c\($0)", 4) }, budget: 5_000).pages.count > 1)
    }

    @Test func groupsComeFromTheConfigurationThenFoldersThenCategoriesThenPrefixes() {
        var config = CollectionConfig()
        config.groups = [CollectionConfig.Group(name: "Chosen", patterns: ["pick-*"])]
        let skills = [
            Self.skill("pick-one"), Self.skill("pick-two", category: "tools"),
            Self.skill("alex", folder: "squad/alex"), Self.skill("rex", folder: "squad/rex"), Self.skill("squad"),
            Self.skill("hammer", category: "tools"),
            Self.skill("web-react"), Self.skill("web-vue"), Self.skill("lonely"),
        ]
        let groups = SkillGroups.group(skills, config: config)
        #expect(groups.map(\.name) == ["Chosen", "squad", "tools", "web", "Other skills"])
        #expect(groups.map(\.source) == [.config, .folder, .category, .prefix, .rest])
        #expect(groups[1].skills.map(\.name) == ["alex", "rex", "squad"])
        #expect(groups[4].skills.map(\.name) == ["lonely"])
    }

    @Test func aLargeCatchAllGroupIsSplitByFirstLetter() {
        let skills = (0..<200).map { Self.skill(["apple", "berry", "cherry", "2fa"][$0 % 4] + "\($0)x") }
        let groups = SkillGroups.group(skills)
        #expect(groups.map(\.name) == ["Skills: #", "Skills: A", "Skills: B", "Skills: C"])
        #expect(groups.map(\.skills.count).reduce(0, +) == 200)
    }

    @Test func aLargeCollectionHasASmallHomePageWithAJumpListAndALazyList() throws {
        var files: [String: String] = [:]
        for index in 0..<(HomePage.cardLimit + 10) {
            let name = "skill-\(index)"
            files["\(name)/SKILL.md"] = "---\nname: \(name)\ndescription: \(String(repeating: "A long description. ", count: 20))\n---\n# \(name)\n"
        }
        let tree = try FixtureTree(files)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let home = try SiteFixtures.read(output, "index.html")
        #expect(home.contains("<ul class=\"skill-names\">"))
        #expect(!home.contains("A long description."))
        #expect(home.contains("data-list=\"skills.js\""))
        #expect(home.contains("home-filter.js"))
        let list = try SiteFixtures.read(output, "skills.js")
        #expect(list.hasPrefix("window.skillbookSkills=[[\"skill-0\",\"skill-0/index.html\",\"A long description."))
        #expect(list.contains("skill-159"))
    }

    /// A family too large to list shows only the page's own skill, found by its position in the
    /// family (`SiteContext.positionInGroup`), open with its documents, on its pages and only there.
    @Test func aFamilyTooLargeToListShowsOnlyThePagesOwnSkill() throws {
        var files: [String: String] = [:]
        let count = SiteContext.fullSidebarLimit + 20
        for index in 0..<count {
            let name = "huge-family-\(index)"
            files["\(name)/SKILL.md"] = "---\nname: \(name)\ndescription: About \(name).\n---\n# \(name)\n\nSee [notes](references/notes.md).\n"
            files["\(name)/references/notes.md"] = "# Notes of \(name)\n"
        }
        let tree = try FixtureTree(files)
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        func sidebar(_ path: String) throws -> String {
            let page = try SiteFixtures.read(output, path)
            let start = try #require(page.range(of: "id=\"Sidebar\""))
            let end = try #require(page.range(of: "</nav>", range: start.upperBound..<page.endIndex))
            return String(page[start.lowerBound..<end.lowerBound])
        }
        for index in [0, 7, count - 1] {
            let name = "huge-family-\(index)"
            for path in ["\(name)/index.html", "\(name)/references/notes.html"] {
                let html = try sidebar(path)
                #expect(html.components(separatedBy: "<li class=\"current\">").count == 2, "\(path)")
                #expect(html.contains(">\(name)</a>"), "\(path)")
                #expect(html.contains("Notes of \(name)"), "\(path)")
                #expect(!html.contains(">huge-family-\(index == 0 ? 1 : 0)</a>"), "\(path)")
                #expect(html.contains("All \(count) skills"), "\(path)")
            }
        }
    }

    @Test func aSmallCollectionKeepsItsCardsAndWritesNoList() throws {
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(SiteFixtures.collection.path, into: output)
        #expect(try SiteFixtures.read(output, "index.html").contains("<li class=\"card\">"))
        #expect(!FileManager.default.fileExists(atPath: output + "/skills.js"))
    }

    @Test func aSkillPageShowsItsDocumentsAsAFolderTreeAndItsNeighbourhood() throws {
        let tree = try FixtureTree([
            "alpha/SKILL.md": "---\nname: alpha\ndescription: A.\n---\n# Alpha\n\nSee `beta`.\n",
            "alpha/reference/api/one.md": "# One\n",
            "alpha/reference/api/two.md": "# Two\n",
            "alpha/reference/guide.md": "# Guide\n",
            "beta/SKILL.md": "---\nname: beta\ndescription: B.\n---\n# Beta\n",
        ])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        let page = try SiteFixtures.read(output, "alpha/index.html")
        #expect(page.contains("<span class=\"tree-folder-name\">reference/</span> <span class=\"count\">3 documents</span>"))
        #expect(page.contains("<span class=\"tree-folder-name\">api/</span> <span class=\"count\">2 documents</span>"))
        #expect(page.contains("<svg class=\"neighbourhood\""))
        #expect(page.contains("<a class=\"graph-node\" href=\"../beta/index.html\">"))
        // Every document counts, whatever folder it is in.
        #expect(try SiteFixtures.read(output, "index.html").contains("3 documents · 0 rules"))
    }

    @Test func theLanguageComesFromTheConfigurationOrTheText() throws {
        let chinese = try FixtureTree([
            "alpha/SKILL.md": "---\nname: alpha\ndescription: 用于检查界面颜色对比度的技能，适合设计评审。\n---\n# 颜色对比度\n\n正文。\n",
        ])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(chinese.path, into: output)
        let page = try SiteFixtures.read(output, "alpha/index.html")
        #expect(page.contains("<html lang=\"zh-Hans\">"))
        #expect(page.contains("关于此技能"))
        #expect(page.contains("跳到正文"))
        // The scripts' sentences come from the same strings, through data attributes.
        #expect(try SiteFixtures.read(output, "index.html").contains("data-matches-other=\"{count} 个技能符合\""))
        let configured = try FixtureTree([
            "skillbook.yml": "language: en\n",
            "alpha/SKILL.md": "---\nname: alpha\ndescription: 用于检查界面颜色对比度的技能。\n---\n# 颜色\n",
        ])
        let second = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(second) }
        try SiteFixtures.build(configured.path, into: second)
        let english = try SiteFixtures.read(second, "alpha/index.html")
        #expect(english.contains("<html lang=\"en\">"))
        #expect(english.contains("About this skill"))
    }

    @Test func aMissingStringFallsBackToEnglish() {
        var theme = Theme.standard
        theme.replace("strings/fr.strings", with: "# French\nskipToContent = Aller au contenu\n")
        let strings = InterfaceStrings(theme: theme, language: "fr-CA")
        #expect(strings["skipToContent"] == "Aller au contenu")
        #expect(strings["onThisPage"] == "On this page")
        #expect(InterfaceStrings(theme: theme, language: "zh")["onThisPage"] == "本页内容")
    }

    @Test func frontmatterValuesShowCodeAndABadgeIsNoDescription() throws {
        let tree = try FixtureTree([
            "README.md": "# Tools\n\n[![build](https://example.com/b.svg)](https://example.com) ![x](https://example.com/c.svg)\n\nSkills for tools.\n",
            "alpha/SKILL.md": "---\nname: alpha\ndescription: Use `swift build` first.\n---\n# Alpha\n",
        ])
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output)
        #expect(try SiteFixtures.read(output, "alpha/index.html").contains("<dd>Use <code>swift build</code> first.</dd>"))
        #expect(try SiteFixtures.read(output, "index.html").contains("<p class=\"lead\">Skills for tools.</p>"))
    }
}
