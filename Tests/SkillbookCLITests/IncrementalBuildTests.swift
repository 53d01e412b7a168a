import Foundation
import Testing
import TestSupport

/// A rebuild that reuses the previous site's unchanged files writes the same bytes as a full
/// build of the changed collection: the site is built into `out` (full, no previous site), the
/// collection, theme or configuration is changed, `out` is rebuilt from that previous state, and
/// a full build of the changed input into a fresh folder (`--full`) must match it file by file.
/// Each case also checks that the rebuild did reuse files, so it tests the incremental path.
@Suite struct IncrementalBuildTests {
    static let collection: [String: String] = [
        "skills/alpha/SKILL.md": """
            ---
            name: alpha
            description: Alpha does the first thing.
            ---
            # Alpha

            Read [the setup](references/setup.md#install-steps) and [usage](references/usage.md).
            See `beta` for the rest.

            ## Related skills

            - beta: the second thing
            """,
        "skills/alpha/references/setup.md": "# Setup\n\n## Install steps\n\nRun the installer. Always check the version first.\n",
        "skills/alpha/references/usage.md": "# Usage\n\nCall it with `--flag`.\n\n```swift\nlet x = 1\n```\n",
        "skills/beta/SKILL.md": """
            ---
            name: beta
            description: Beta does the second thing.
            ---
            # Beta

            Beta builds on [alpha's setup](../alpha/references/setup.md#install-steps).
            """,
        "skills/beta/references/notes.md": "# Notes\n\nNothing here links anywhere.\n",
        "skills/gamma/SKILL.md": "---\nname: gamma\ndescription: Gamma stands alone.\n---\n# Gamma\n\nNo links.\n",
        "skills/skillbook.yml": "title: Incremental fixture\n",
        "theme/skill.mustache": TestPaths.defaultThemeFile("skill.mustache"),
    ]

    /// Builds, applies `change`, rebuilds in place and compares with a full build; returns the
    /// rebuild's standard output.
    @discardableResult
    func rebuildMatchesFullBuild(adding extra: [String: String] = [:], _ change: (FixtureTree) throws -> Void, verbose: Bool = false,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let tree = try FixtureTree(Self.collection.merging(extra) { _, new in new })
        let arguments = [tree.path + "/skills", "--theme", tree.path + "/theme"]
        let first = try runSkillbook(["build"] + arguments + ["-o", tree.path + "/out"])
        #expect(first.exitCode == 0, "\(first.stderr)", sourceLocation: sourceLocation)
        #expect(!first.stdout.contains("reused"), sourceLocation: sourceLocation)
        try change(tree)
        let again = try runSkillbook(["build"] + arguments + ["-o", tree.path + "/out"] + (verbose ? ["-v"] : []))
        #expect(again.exitCode == 0, "\(again.stderr)", sourceLocation: sourceLocation)
        #expect(again.stdout.contains("unchanged file"), "no reuse: \(again.stdout)", sourceLocation: sourceLocation)
        let full = try runSkillbook(["build"] + arguments + ["-o", tree.path + "/full", "--full"])
        #expect(full.exitCode == 0, "\(full.stderr)", sourceLocation: sourceLocation)
        let rebuilt = try BuildDeterminismTests.files(under: tree.path + "/out")
        let expected = try BuildDeterminismTests.files(under: tree.path + "/full")
        #expect(rebuilt.count > 20, sourceLocation: sourceLocation)
        #expect(rebuilt.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        let different = expected.keys.sorted().filter { rebuilt[$0] != expected[$0] }
        #expect(different.isEmpty, "files that differ from a full build: \(different.prefix(10))", sourceLocation: sourceLocation)
        return verbose ? again.stdout + again.stderr : again.stdout
    }

    @Test func changedFile() throws {
        let output = try rebuildMatchesFullBuild { tree in
            try tree.write("skills/beta/references/notes.md", "# Notes\n\nNow with a second sentence.\n")
        }
        // Only the changed page: its title, headings and links are as they were.
        #expect(output.contains("Rebuilt 1 page: beta/references/notes.html;"), "\(output)")
    }

    /// Rules stated in two skills, so the site has a duplicate cluster to keep or change.
    static let duplicateRules = [
        "skills/alpha/references/rules.md": "# Rules\n\n- Keep every label of the system alert short and clear for the reader.\n",
        "skills/beta/references/rules.md": "# Rules\n\n- Keep every label of the system alert short and clear for the reader.\n",
    ]

    /// A rebuild whose rules are those of the last build takes its clusters from the cluster
    /// cache; one that edits, moves or adds a rule, or renames the skill of a rule, clusters
    /// again; the site is a full build's either way.
    @Test func duplicateClustersAreReusedOnlyForTheSameRules() throws {
        let reused = "cluster cache: no file's rules changed"
        let prose = try rebuildMatchesFullBuild(adding: Self.duplicateRules, { tree in
            try tree.write("skills/beta/references/rules.md", try tree.read("skills/beta/references/rules.md") + "\nA closing paragraph.\n")
        }, verbose: true)
        #expect(prose.contains(reused), "\(prose)")
        let changes: [(FixtureTree) throws -> Void] = [
            { tree in try tree.write("skills/beta/references/rules.md", "# Rules\n\n- Keep every label of the system alert short and clear.\n") },
            { tree in try tree.write("skills/beta/references/rules.md", "# Rules\n\nMoved down.\n\n- Keep every label of the system alert short and clear for the reader.\n") },
            { tree in try tree.write("skills/gamma/references/rules.md", "# Rules\n\n- Keep every label of the system alert short and clear for the reader.\n") },
            { tree in try tree.write("skills/beta/SKILL.md", try tree.read("skills/beta/SKILL.md").replacingOccurrences(of: "name: beta", with: "name: beta-two")) },
        ]
        for change in changes {
            let output = try rebuildMatchesFullBuild(adding: Self.duplicateRules, change, verbose: true)
            #expect(!output.contains(reused), "\(output)")
        }
    }

    @Test func deletedFile() throws {
        let output = try rebuildMatchesFullBuild { tree in
            try FileManager.default.removeItem(atPath: tree.path + "/skills/alpha/references/usage.md")
        }
        // The link to it is now broken: alpha's page and the reports change.
        #expect(output.contains("alpha/index.html"), "\(output)")
        #expect(output.contains("reports/diagnostics.html"), "\(output)")
        #expect(!output.contains("gamma/index.html"), "\(output)")
    }

    @Test func renamedHeadingThatOthersLinkTo() throws {
        let output = try rebuildMatchesFullBuild { tree in
            try tree.write("skills/alpha/references/setup.md", "# Setup\n\n## Installation\n\nRun the installer.\n")
        }
        // Both pages that link to `#install-steps` now mark the anchor as broken.
        #expect(output.contains("alpha/index.html"), "\(output)")
        #expect(output.contains("beta/index.html"), "\(output)")
        #expect(output.contains("alpha/references/setup.html"), "\(output)")
    }

    // Pages are reused on their inputs, without being made: the cases an input key could miss.

    @Test func aLinkedDocumentsTitleChanges() throws {
        let output = try rebuildMatchesFullBuild { tree in
            try tree.write("skills/alpha/references/usage.md", "# Calling alpha\n\nCall it with `--flag`.\n\n```swift\nlet x = 1\n```\n")
        }
        // The title is in alpha's document tree, its sidebar and setup's "next" link.
        #expect(output.contains("alpha/index.html"), "\(output)")
        #expect(output.contains("alpha/references/setup.html"), "\(output)")
        #expect(!output.contains("gamma/index.html"), "\(output)")
    }

    /// Enough skills that the home page lists names only, and is reused on its input key.
    static let manySkills: [String: String] = Dictionary(uniqueKeysWithValues: (1...150).map { number in
        ("skills/many-\(number)/SKILL.md", "---\nname: many-\(number)\ndescription: Skill number \(number).\n---\n# Many \(number)\n\nShort.\n")
    })

    /// The compact home page shows the findings' summary line, the documents' count and the
    /// Markdown outside every skill; a change of any of them makes it again, nothing else does.
    @Test func aLargeCollectionsHomePageFollowsWhatItShows() throws {
        let extra = Self.manySkills.merging(["skills/guide.md": "# A guide\n\nLoose text.\n"]) { _, new in new }
        let prose = try rebuildMatchesFullBuild(adding: extra) { tree in
            try tree.write("skills/many-7/SKILL.md", try tree.read("skills/many-7/SKILL.md") + "\nMore prose.\n")
        }
        #expect(!prose.contains(" index.html"), "\(prose)")
        let changes: [(FixtureTree) throws -> Void] = [
            // A broken link: one more finding in the summary line.
            { tree in try tree.write("skills/many-7/SKILL.md", try tree.read("skills/many-7/SKILL.md") + "\nSee [gone](gone.md).\n") },
            // The loose document's title.
            { tree in try tree.write("skills/guide.md", "# The guide, renamed\n\nLoose text.\n") },
            // One more document in a skill.
            { tree in try tree.write("skills/many-8/references/extra.md", "# Extra\n\nLinked from nowhere.\n") },
        ]
        for change in changes {
            let output = try rebuildMatchesFullBuild(adding: extra, change)
            #expect(output.contains(" index.html"), "\(output)")
        }
    }

    @Test func aSkillIsAdded() throws {
        let output = try rebuildMatchesFullBuild { tree in
            try tree.write("skills/delta/SKILL.md", "---\nname: delta\ndescription: Delta is new.\n---\n# Delta\n\nNew here.\n")
        }
        // Every sidebar lists it, and the home page.
        #expect(output.contains("gamma/index.html"), "\(output)")
        #expect(output.contains("delta/index.html"), "\(output)")
    }

    @Test func aDiagnosticAppearsOnAnUnchangedPage() throws {
        let rule = "- Always validate the input schema before writing any records to the production database.\n"
        let output = try rebuildMatchesFullBuild(adding: ["skills/beta/references/notes.md": "# Notes\n\nNothing here links anywhere.\n\n" + rule]) { tree in
            try tree.write("skills/alpha/references/usage.md", "# Usage\n\nCall it with `--flag`.\n\n" + rule)
        }
        // The duplicated rule is now reported in both files: notes' page gains the line's anchor.
        #expect(output.contains("beta/references/notes.html"), "\(output)")
    }

    // The link and path checks' findings are cached per file (`FileWorldCheck`): an unchanged
    // file is checked again when where its links lead, or the files they point among, changed.

    @Test func aRenamedHeadingIsReportedInTheUnchangedFilesThatLinkToIt() throws {
        let output = try rebuildMatchesFullBuild({ tree in
            try tree.write("skills/alpha/references/setup.md", "# Setup\n\n## Installation\n\nRun the installer.\n")
        }, verbose: true)
        #expect(output.contains("skills/beta/SKILL.md:7:"), "\(output)")
        #expect(output.contains("anchor `#install-steps` is not in"), "\(output)")
        // Of 6 files, setup.md changed, alpha's and beta's SKILL.md link to its renamed heading, and
        // usage.md is another reference of alpha (its orphan finding reads its skill's texts).
        #expect(output.contains("reused, the link and path checks' of 2, the whole-collection findings of 8 of 9 checks\n"), "\(output)")
    }

    @Test func aFileAddedWhereABrokenLinkPointsChangesItsSuggestion() throws {
        let output = try rebuildMatchesFullBuild(adding: [
            "skills/gamma/SKILL.md": "---\nname: gamma\ndescription: Gamma stands alone.\n---\n# Gamma\n\nRun [the tool](.tools/rnu.sh).\n",
            "skills/gamma/.tools/readme.txt": "tools",
        ], { tree in
            try tree.write("skills/gamma/.tools/run.sh", "echo")
        }, verbose: true)
        #expect(output.contains("did you mean `.tools/run.sh`?"), "\(output)")
    }

    @Test func aDocumentNamedInACodeSpanAppears() throws {
        let output = try rebuildMatchesFullBuild(adding: ["skills/gamma/references/more.md": "# More\n\nSee `../../beta/references/extra.md`.\n"]) { tree in
            try tree.write("skills/beta/references/extra.md", "# Extra\n\nNow it exists.\n")
        }
        // The code span becomes a link to the new page.
        #expect(output.contains("gamma/references/more.html"), "\(output)")
    }

    @Test func anInlineSVGImageChanges() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>"#
        let output = try rebuildMatchesFullBuild(adding: [
            "skills/gamma/references/picture.md": "# Picture\n\n![a square](square.svg)\n",
            "skills/gamma/references/square.svg": svg,
        ]) { tree in
            try tree.write("skills/gamma/references/square.svg", svg.replacingOccurrences(of: "red", with: "blue"))
        }
        // The image is inlined as a `data:` URL: the page that shows it is made again.
        #expect(output.contains("gamma/references/picture.html"), "\(output)")
        #expect(!output.contains("beta/index.html"), "\(output)")
    }

    @Test func reportDetailPagesFollowTheirFindings() throws {
        // 600 broken links: the diagnostics report splits them into detail pages.
        let links = (1...600).map { "- [link \($0)](missing-\($0).md)" }.joined(separator: "\n")
        let output = try rebuildMatchesFullBuild(adding: ["skills/gamma/references/many.md": "# Many\n\n" + links + "\n"]) { tree in
            // As many findings, of the same sizes: only the first one's message changes.
            try tree.write("skills/gamma/references/many.md", "# Many\n\n" + links.replacingOccurrences(of: "(missing-1.md)", with: "(mizzing-1.md)") + "\n")
        }
        #expect(output.contains("reports/diagnostics/broken-link.html"), "\(output)")
    }

    @Test func changedTemplate() throws {
        let output = try rebuildMatchesFullBuild { tree in
            try tree.write("theme/skill.mustache", TestPaths.defaultThemeFile("skill.mustache") + "<!-- changed -->\n")
        }
        // The theme is part of the cache's key: every page is made anew.
        #expect(output.contains("gamma/index.html"), "\(output)")
        #expect(output.contains("reused 0 unchanged files"), "\(output)")
    }

    @Test func changedThemeAsset() throws {
        try rebuildMatchesFullBuild { tree in
            try tree.write("theme/assets/site.css", "body { color: black; }\n")
        }
    }

    @Test func changedConfiguration() throws {
        let output = try rebuildMatchesFullBuild { tree in
            try tree.write("skills/skillbook.yml", "title: Renamed fixture\nbase_url: https://example.org/docs/\n")
        }
        // The title is on every page; a base URL adds the sitemap.
        #expect(output.contains("gamma/index.html"), "\(output)")
    }

    @Test func aSiteFileEditedByHandIsNotReused() throws {
        let tree = try FixtureTree(Self.collection)
        let build = ["build", tree.path + "/skills", "-o", tree.path + "/out"]
        #expect(try runSkillbook(build).exitCode == 0)
        let page = tree.path + "/out/gamma/index.html"
        let original = try String(contentsOfFile: page, encoding: .utf8)
        try Data("edited".utf8).write(to: URL(fileURLWithPath: page))
        let again = try runSkillbook(build)
        #expect(again.stdout.contains("Rebuilt 1 page: gamma/index.html;"), "\(again.stdout)")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == original)
    }

    @Test func fullIgnoresTheCacheAndNoChangeRebuildsNothing() throws {
        let tree = try FixtureTree(Self.collection)
        let build = ["build", tree.path + "/skills", "-o", tree.path + "/out"]
        #expect(try runSkillbook(build).exitCode == 0)
        let again = try runSkillbook(build)
        #expect(again.stdout.contains("Rebuilt no pages; reused"), "\(again.stdout)")
        let full = try runSkillbook(build + ["--full"])
        #expect(!full.stdout.contains("reused"), "\(full.stdout)")
        #expect(FileManager.default.fileExists(atPath: tree.path + "/.out.skillbook-cache"))
    }

    /// Every cache file of the build cache folder cut short: the rebuild says, under `-v`, which
    /// file it did not use and why, and still writes what a full build writes.
    @Test func damagedCacheFilesAreNamedAndIgnored() throws {
        let output = try rebuildMatchesFullBuild({ tree in
            let cache = tree.path + "/.out.skillbook-cache"
            let shards = try FileManager.default.contentsOfDirectory(atPath: cache + "/parse").map { cache + "/parse/" + $0 }
            for file in [cache + "/clusters", cache + "/dedupe", cache + "/index", cache + "/page-keys"] + shards {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                try data.prefix(data.count - 3).write(to: URL(fileURLWithPath: file))
            }
        }, verbose: true)
        for name in ["parse/", "clusters not used: cut short", "dedupe not used: cut short", "index not used (cut short)", "page-keys not used (cut short)"] {
            #expect(output.contains(name), "\(name): \(output)")
        }
    }
}
