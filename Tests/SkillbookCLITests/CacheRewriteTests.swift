import Foundation
import Testing
import TestSupport

/// A rebuild writes the build cache's files in proportion to what changed: a rebuild of
/// unchanged files leaves the site's cache, the cluster and duplicate caches and the site itself as they
/// were (same files, not written again), and a changed file rewrites what depends on it.
@Suite struct CacheRewriteTests {
    static let collection = [
        "alpha/SKILL.md": "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\n- Always check the input before you act on it.\n",
        "alpha/references/notes.md": "# Notes\n\n- Never publish a secret in a page of the site.\n",
        "beta/SKILL.md": "---\nname: beta\ndescription: Second.\n---\n# Beta\n\n- Always check the input before you act on it.\n",
    ]

    /// Inode and modification time of a file: a file written again (a new file renamed into place) changes them.
    static func identity(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    @Test func aRebuildOfUnchangedFilesWritesNoCacheFileAndNoPage() throws {
        let tree = try FixtureTree(Self.collection)
        // Beside the collection, not in it: a site inside it adds a note (its folder skipped) to the second build.
        let place = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-cache-rewrite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: place) }
        let output = place.appendingPathComponent("out").path
        let cache = place.appendingPathComponent(".out.skillbook-cache").path
        #expect(try runSkillbook(["build", tree.path, "-o", output, "-q"]).exitCode == 0)
        let watched = ["\(cache)/site", "\(cache)/dedupe", "\(output)/index.html", "\(output)/alpha/index.html",
                       "\(cache)/dedupe-sketches", "\(cache)/dedupe-texts", "\(cache)/clusters"]
        let before = watched.map(Self.identity)
        #expect(before.allSatisfy { $0 != nil })
        usleep(20_000)

        let again = try runSkillbook(["build", tree.path, "-o", output, "-v"])
        #expect(again.exitCode == 0)
        // No rule changed: the clusters are taken from their cache, and the duplicate cache is not even read.
        #expect(again.stderr.contains("cluster cache: no file's rules changed"), "\(again.stderr)")
        #expect(watched.map(Self.identity) == before)
        #expect(Self.identity("\(cache)/site-changes") == nil)
        #expect(!FileManager.default.fileExists(atPath: place.appendingPathComponent(".out.skillbook-journal").path))

        // Prose above a rule (which moves it): the duplicate cache's files part is written again (a
        // file's digest changed), its texts and sketches are not (no rule's text changed).
        try tree.write("alpha/references/notes.md", "# Notes\n\nSome prose.\n\n- Never publish a secret in a page of the site.\n")
        #expect(try runSkillbook(["build", tree.path, "-o", output, "-q"]).exitCode == 0)
        let prose = watched.map(Self.identity)
        #expect(prose[1] != before[1])
        #expect(prose[4] == before[4])
        #expect(prose[5] == before[5])
        usleep(20_000)

        // A changed rule: the duplicate cache and the site cache's changes are written, the changed page too;
        // the texts and sketches files are left: the new text goes in `dedupe`, its units' sketches in a delta.
        try tree.write("alpha/references/notes.md", "# Notes\n\n- Never publish a password in a page of the site.\n")
        #expect(try runSkillbook(["build", tree.path, "-o", output, "-q"]).exitCode == 0)
        let after = watched.map(Self.identity)
        // The site's cache: its few changes written beside the whole file (`BuildCache`).
        #expect(after[0] == before[0] && Self.identity("\(cache)/site-changes") != nil)
        #expect(after[1] != prose[1])
        #expect(after[4] == prose[4])
        #expect(Self.identity("\(cache)/dedupe-sketches-delta") != nil)
        #expect(after[5] == prose[5])
        #expect(FileManager.default.contents(atPath: output + "/alpha/references/notes.html").map {
            String(decoding: $0, as: UTF8.self).contains("password")
        } == true)
    }

    /// The caches are written before the output folder (and its parent) is made: a first build
    /// into a folder whose parent does not exist yet still keeps every cache for the next build.
    @Test func aFirstBuildIntoANewFolderKeepsEveryCache() throws {
        let tree = try FixtureTree(Self.collection)
        let place = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-cache-new-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: place) }
        let output = place.appendingPathComponent("deeper/out").path
        #expect(try runSkillbook(["build", tree.path, "-o", output, "-q"]).exitCode == 0)
        let cache = place.appendingPathComponent("deeper/.out.skillbook-cache").path
        for name in ["parse", "clusters", "dedupe", "dedupe-texts", "dedupe-sketches", "index", "site"] {
            #expect(FileManager.default.fileExists(atPath: "\(cache)/\(name)"), "no \(name) cache")
        }
        let again = try runSkillbook(["build", tree.path, "-o", output, "-v"])
        #expect(again.exitCode == 0)
        #expect(again.stderr.contains("cluster cache: no file's rules changed"), "\(again.stderr)")
    }
}
