import Foundation
import Testing
import TestSupport

/// A rebuild takes the search index's counts of unchanged documents from the build cache and
/// counts only the changed ones, and its index files are the bytes a full build writes: the
/// collection is built into `out`, changed, rebuilt in place with `-v` (which says how many
/// documents were counted anew), and compared with a `--full` build into a fresh folder.
@Suite struct IncrementalSearchIndexTests {
    /// Builds, applies `change`, rebuilds and compares the index with a full build's; returns how
    /// many documents the rebuild counted anew.
    func recountedAfter(_ change: (FixtureTree) throws -> Void,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> Int? {
        try noteAfter(change, sourceLocation: sourceLocation).flatMap { $0.split(separator: " ").compactMap { Int($0) }.first }
    }

    /// As `recountedAfter`, the rebuild's note on the index (`build -v`).
    func noteAfter(_ change: (FixtureTree) throws -> Void,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let tree = try FixtureTree(IncrementalBuildTests.collection)
        let skills = tree.path + "/skills"
        #expect(try runSkillbook(["build", skills, "-o", tree.path + "/out"]).exitCode == 0, sourceLocation: sourceLocation)
        try change(tree)
        let again = try runSkillbook(["build", skills, "-o", tree.path + "/out", "-v"])
        #expect(again.exitCode == 0, "\(again.stderr)", sourceLocation: sourceLocation)
        #expect(try runSkillbook(["build", skills, "-o", tree.path + "/full", "--full"]).exitCode == 0, sourceLocation: sourceLocation)
        let rebuilt = try BuildDeterminismTests.files(under: tree.path + "/out/search")
        let expected = try BuildDeterminismTests.files(under: tree.path + "/full/search")
        #expect(!expected.isEmpty, sourceLocation: sourceLocation)
        #expect(rebuilt == expected, "index files differ from a full build's", sourceLocation: sourceLocation)
        return again.stderr.split(separator: "\n").first { $0.contains("search index:") && $0.contains("counted anew") }.map(String.init)
    }

    @Test func aRewordedSentencePatchesTheIndex() throws {
        // The same sections, about as long: the last build's index is patched, not assembled anew.
        let note = try noteAfter { tree in
            try tree.write("skills/alpha/references/setup.md", "# Setup\n\n## Install steps\n\nRun the installer. Always check the release first.\n")
        }
        #expect(note?.contains("1 of") == true, "\(note ?? "no note")")
        #expect(note?.contains("index patched") == true, "\(note ?? "no note")")
    }

    @Test func aChangedFileIsTheOnlyOneCounted() throws {
        let recounted = try recountedAfter { tree in
            try tree.write("skills/beta/references/notes.md", "# Notes\n\nNow with a second sentence about caching.\n")
        }
        #expect(recounted == 1)
    }

    @Test func aDeletedFileLeavesTheOthersCounted() throws {
        let recounted = try recountedAfter { tree in
            try FileManager.default.removeItem(atPath: tree.path + "/skills/alpha/references/usage.md")
        }
        #expect(recounted == 0)
    }

    @Test func aRenamedHeadingRecountsItsFileOnly() throws {
        let recounted = try recountedAfter { tree in
            try tree.write("skills/alpha/references/setup.md", "# Setup\n\n## Installation\n\nRun the installer.\n")
        }
        #expect(recounted == 1)
    }

    @Test func aChangedConfigurationRecountsNothing() throws {
        // The site's title and base URL are not in the index.
        let recounted = try recountedAfter { tree in
            try tree.write("skills/skillbook.yml", "title: Renamed fixture\nbase_url: https://example.org/docs/\n")
        }
        #expect(recounted == 0)
    }

    @Test func aSkillsNewNameRecountsItsDocuments() throws {
        // Each section names its skill: beta's two documents change, alpha's and gamma's do not.
        let recounted = try recountedAfter { tree in
            try tree.write("skills/beta/SKILL.md", """
                ---
                name: beta-renamed
                description: Beta does the second thing.
                ---
                # Beta

                Beta builds on [alpha's setup](../alpha/references/setup.md#install-steps).
                """)
        }
        #expect(recounted == 2)
    }
}
