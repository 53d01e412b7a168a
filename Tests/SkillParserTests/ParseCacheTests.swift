import Foundation
import Testing
import TestSupport
@testable import SkillParser

/// The parse cache gives what parsing gives: a graph loaded through it equals one loaded fresh,
/// field for field, after any change to the files; and a cache that is damaged, truncated,
/// foreign or from another program is not used, never crashes, and never changes a parse.
@Suite struct ParseCacheTests {
    /// Every fixture collection of the repository, and its own Content/.
    static let collections = [
        "Content", "Tests/SkillParserTests/Fixtures/check-sample", "Tests/SkillParserTests/Fixtures/dupes",
        "Tests/SkillParserTests/Fixtures/hidden-skills", "Tests/SiteBuilderTests/SiteFixtures/collection",
        "Tests/search-fixtures/collection",
    ]

    /// A collection of the awkward inputs: every fuzz regression file, and hand-made edge cases
    /// (no frontmatter, CRLF, a byte order mark, an unclosed frontmatter, invalid UTF-8, bad YAML,
    /// nesting past the limit, a line past the limit).
    static func awkwardTree() throws -> FixtureTree {
        let tree = try FixtureTree([
            "a/SKILL.md": "---\nname: a\ndescription: A.\nmetadata:\n  tags: [x, y]\n  nested: {k: v}\n---\n# A\n\n- **Rule** one\n- [ ] task\n- [x] done\n",
            "a/references/crlf.md": "\u{FEFF}# CRLF\r\n\r\nText with `code` and [link](#crlf).\r\n",
            "a/references/open.md": "---\ntitle: open\n\n# Heading\n\nBody.\n",
            "a/references/yaml.md": "---\nkey: [unclosed\n---\n# Bad YAML\n",
            "a/references/deep.md": String(repeating: "> ", count: 80) + "deep\n\n" + String(repeating: "*a ", count: 70) + "\n",
            "a/references/long.md": "# Long\n\n" + String(repeating: "x", count: InputLimits.maximumLineBytes + 5) + "\n",
            "a/references/table.md": "| a | b |\n|:--|--:|\n| ~~x~~ | www.example.com |\n\n```swift title\nlet x = 1\n```\n\n<div id=\"h\">html</div>\n",
            "b/SKILL.md": "# B\n\n## Related skills\n\n- `a`: the first\n- [a](../a/SKILL.md)\n\n***\n\n![img](i.png \"t\")\n",
        ])
        try Data([0x23, 0x20, 0x41, 0x0A, 0x42, 0xFF, 0xFE, 0x0A]).write(to: tree.root.appendingPathComponent("a/references/bad.md"))
        let regressions = TestPaths.repository.appendingPathComponent("Tests/FuzzRegressions")
        let manager = FileManager.default
        for kind in try manager.contentsOfDirectory(atPath: regressions.path).sorted() {
            let folder = regressions.appendingPathComponent(kind)
            guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                let target = tree.root.appendingPathComponent("fuzz/\(kind)/\(name).md")
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target)
            }
        }
        return tree
    }

    /// What a load decides, all of it: documents field for field, skills, edges, diagnostics.
    static func expectSameGraph(_ cached: SkillGraph, _ fresh: SkillGraph, _ label: String,
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(cached.documents.count == fresh.documents.count, "\(label)", sourceLocation: sourceLocation)
        let differing = zip(cached.documents, fresh.documents).filter { $0 != $1 }.map(\.0.path)
        #expect(differing.isEmpty, "\(label): differs from a fresh parse: \(differing.prefix(5))", sourceLocation: sourceLocation)
        #expect(cached.skills == fresh.skills, "\(label)", sourceLocation: sourceLocation)
        #expect(cached.edges == fresh.edges, "\(label)", sourceLocation: sourceLocation)
        #expect(cached.diagnostics == fresh.diagnostics, "\(label)", sourceLocation: sourceLocation)
    }

    /// A cache folder in a fresh folder of its own.
    final class CacheLocation: @unchecked Sendable {
        let folder: FixtureTree
        var file: URL { folder.root.appendingPathComponent("cache/parse") }
        /// The shard files there, by name.
        var shards: [URL] {
            ((try? FileManager.default.contentsOfDirectory(atPath: file.path)) ?? []).sorted().map { file.appendingPathComponent($0) }
        }
        init() throws {
            folder = try FixtureTree()
            try FileManager.default.createDirectory(at: folder.root.appendingPathComponent("cache"), withIntermediateDirectories: true)
        }
    }

    /// Loads `root` through a cache in `file`, which saves itself; `startedAt` in the future
    /// makes every file settled, so the next load may trust stamps.
    @discardableResult
    static func load(_ root: String, cache file: URL, key: ContentHash = ParseCacheKey.current, reuse: Bool = true,
                     settled: Bool = false) throws -> (SkillGraph, ParseCache) {
        let startedAt = FileStamp.now() + (settled ? 10 * FileStamp.racyWindow : 0)
        let cache = ParseCache(folder: file, key: key, reuse: reuse, startedAt: startedAt)
        let graph = try CollectionLoader.load(root: root, cache: cache)
        #expect(!cache.notes.contains { $0.contains("not saved") }, "\(cache.notes)")
        return (graph, cache)
    }

    @Test(arguments: collections)
    func aCollectionLoadedFromTheCacheEqualsAFreshParse(_ relative: String) throws {
        let root = TestPaths.repository.appendingPathComponent(relative).path
        let location = try CacheLocation()
        let fresh = try CollectionLoader.load(root: root)
        let (first, cold) = try Self.load(root, cache: location.file)
        #expect(cold.counts.reused == 0)
        Self.expectSameGraph(first, fresh, "\(relative), first load")
        let (second, warm) = try Self.load(root, cache: location.file)
        #expect(warm.counts.parsed == 0 && warm.counts.reused == fresh.documents.count, "\(relative): \(warm.counts)")
        Self.expectSameGraph(second, fresh, relative)
    }

    /// A file parsed through the cache keeps the digest of its rules from their encoding, the
    /// digest its rules give when worked out afresh (what the cluster cache compares).
    @Test func aParsedFileKeepsTheDigestOfItsRules() throws {
        let root = TestPaths.repository.appendingPathComponent("Tests/SkillParserTests/Fixtures/dupes").path
        let location = try CacheLocation()
        let (graph, _) = try Self.load(root, cache: location.file, reuse: false)
        let fresh = try CollectionLoader.load(root: root)
        #expect(graph.documents.count == fresh.documents.count)
        #expect(graph.documents.contains { $0.markdown.ruleCount > 1 })
        for (document, parsed) in zip(graph.documents, fresh.documents) {
            #expect(parsed.markdown.knownRulesDigest == nil)
            let known = try #require(document.markdown.knownRulesDigest, "\(document.path)")
            #expect(known == parsed.markdown.rulesDigest, "\(document.path)")
        }
        // Rules set anew are digested anew.
        var changed = try #require(graph.documents.first { $0.markdown.ruleCount > 1 }).markdown
        let before = changed.rulesDigest
        changed.ruleList = MarkdownRules(Array(changed.rules.dropFirst()))
        #expect(changed.knownRulesDigest == nil)
        #expect(changed.rulesDigest != before)
    }

    @Test func awkwardFilesComeBackFromTheCacheAsParsed() throws {
        let tree = try Self.awkwardTree()
        let location = try CacheLocation()
        let fresh = try CollectionLoader.load(root: tree.path)
        #expect(fresh.diagnostics.contains { $0.code == "invalid-utf8" })
        #expect(fresh.diagnostics.contains { $0.code == "line-too-long" })
        #expect(fresh.diagnostics.contains { $0.code == "markdown-nesting-limit" })
        try Self.load(tree.path, cache: location.file, settled: true)
        let (cached, cache) = try Self.load(tree.path, cache: location.file)
        // Only the files refused before parsing (too long a line, too many brackets) are read again.
        let refused = fresh.diagnostics.filter { ["line-too-long", "too-many-brackets"].contains($0.code) }.count
        #expect(refused >= 1)
        #expect(cache.counts.parsed == refused && cache.counts.read == refused, "\(cache.counts)")
        Self.expectSameGraph(cached, fresh, "awkward")
        // An index holds the tree's own values, as after a parse: decoded once, stored once.
        let document = try #require(cached.document(at: "a/references/table.md")?.markdown)
        guard case .table(let table) = document.blocks.first else { Issue.record("no table first"); return }
        let base = { (cells: [TableCell]) in cells.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(base(document.tables[0].header) == base(table.header))
    }

    /// A document taken from the cache decodes its tree only when something reads it: the graph
    /// (anchors, links, edges) is made from the indexes alone, and the tree read later is the parse's.
    @Test func aCachedDocumentsTreeIsDecodedWhenFirstRead() throws {
        let root = TestPaths.repository.appendingPathComponent("Tests/SkillParserTests/Fixtures/check-sample").path
        let location = try CacheLocation()
        let fresh = try CollectionLoader.load(root: root)
        try Self.load(root, cache: location.file)
        let (cached, _) = try Self.load(root, cache: location.file)
        #expect(!cached.documents.isEmpty)
        #expect(cached.documents.allSatisfy { !$0.markdown.tree.isMade }, "a tree was decoded while loading")
        #expect(cached.edges == fresh.edges)
        for (document, parsed) in zip(cached.documents, fresh.documents) {
            #expect(document.markdown.blockCount == parsed.markdown.blocks.count, "\(document.path)")
            #expect(!document.markdown.tree.isMade)
            #expect(document.markdown.blocks == parsed.markdown.blocks, "\(document.path)")
            #expect(document.markdown.codeBlocks == parsed.markdown.codeBlocks && document.markdown.tables == parsed.markdown.tables)
            #expect(document.markdown.tree.isMade)
        }
    }

    /// A document taken from the cache decodes its rules only when something reads them (duplicate
    /// detection, when the cluster cache cannot answer); their count is known before, and the
    /// rules read are the parse's.
    @Test func aCachedDocumentsRulesAreDecodedWhenFirstRead() throws {
        let root = TestPaths.repository.appendingPathComponent("Tests/SkillParserTests/Fixtures/check-sample").path
        let location = try CacheLocation()
        let fresh = try CollectionLoader.load(root: root)
        try Self.load(root, cache: location.file)
        let (cached, _) = try Self.load(root, cache: location.file)
        #expect(cached.documents.contains { $0.markdown.ruleCount > 0 })
        #expect(cached.documents.allSatisfy { !$0.markdown.ruleList.isMade }, "rules were decoded while loading")
        for (document, parsed) in zip(cached.documents, fresh.documents) {
            #expect(document.markdown.ruleCount == parsed.markdown.rules.count, "\(document.path)")
            #expect(!document.markdown.ruleList.isMade)
            #expect(document.markdown.rules == parsed.markdown.rules, "\(document.path)")
            #expect(document.markdown.ruleList.isMade)
        }
    }

    /// A tree record that does not decode (which the shard's digest makes all but impossible) is
    /// not a crash and not an empty page: the file is parsed for it.
    @Test func aTreeThatDoesNotDecodeIsParsedFromTheFile() throws {
        let tree = try FixtureTree(["a/SKILL.md": "# A\n\n- one\n- two\n\n```swift\nlet x = 1\n```\n"])
        let fresh = try CollectionLoader.load(root: tree.path)
        let parsed = try #require(fresh.document(at: "a/SKILL.md")?.markdown)
        let damaged = MarkdownTree(blockCount: parsed.blockCount) {
            let parts = [UInt8]([1, 2, 3]).withUnsafeBytes { try? MarkdownTree.parts(record: $0, blockCount: parsed.blockCount) }
            return parts ?? CollectionLoader.parseFile("a/SKILL.md", folder: tree.path + "/").document?.tree.parts
                ?? MarkdownTreeParts(blocks: [], codeBlocks: [], tables: [])
        }
        #expect(damaged.parts.blocks == parsed.blocks && damaged.parts.codeBlocks == parsed.codeBlocks)
    }

    /// A rules record that does not decode, or holds another number of rules than the document
    /// says, is damage (the parse cache then parses the file for them).
    nonisolated(unsafe) static var ignored: [Diagnostic] = []

    @Test func aRulesRecordThatDoesNotAddUpIsDamage() throws {
        let parsed = MarkdownDocument(path: "a.md", text: "# A\n\n- one rule here\n- two rules here\n", diagnostics: &Self.ignored)
        #expect(parsed.rules.count == 2)
        var writer = BinaryWriter()
        writer.count(parsed.rules.count)
        for rule in parsed.rules { writer.write(rule) }
        let record = writer.finished()
        let decoded = { (bytes: [UInt8], count: Int) -> [Rule]? in
            bytes.withUnsafeBytes { buffer in
                do throws(CacheDamage) { return try MarkdownRules.rules(record: buffer, count: count) } catch { return nil }
            }
        }
        #expect(decoded(record, 2) == parsed.rules)
        #expect(decoded(record, 3) == nil)
        #expect(decoded(Array(record.dropLast()), 2) == nil)
        #expect(decoded([1, 2, 3], 2) == nil)
    }

    @Test func settledFilesAreNotReadAndAChangedFileIsParsedAgain() throws {
        let tree = try FixtureTree([
            "a/SKILL.md": "---\nname: a\ndescription: A.\n---\n# A\n\nSee [one](references/one.md#one).\n",
            "a/references/one.md": "# One\n\nText.\n",
            "a/references/two.md": "# Two\n\nMore.\n",
        ])
        let location = try CacheLocation()
        try Self.load(tree.path, cache: location.file, settled: true)
        let (_, unchanged) = try Self.load(tree.path, cache: location.file)
        #expect(unchanged.counts == (reused: 3, parsed: 0, read: 0))

        // Same size, same modification time: the status-change time still tells.
        let one = tree.root.appendingPathComponent("a/references/one.md")
        let modified = try FileManager.default.attributesOfItem(atPath: one.path)[.modificationDate] as? Date
        try tree.write("a/references/one.md", "# Uno\n\nText.\n")
        try FileManager.default.setAttributes([.modificationDate: modified as Any], ofItemAtPath: one.path)
        let (changed, cache) = try Self.load(tree.path, cache: location.file)
        #expect(cache.counts.parsed == 1 && cache.counts.read == 1, "\(cache.counts)")
        Self.expectSameGraph(changed, try CollectionLoader.load(root: tree.path), "changed file")
        #expect(changed.document(at: "a/references/one.md")?.markdown.headings.first?.text == "Uno")
    }

    /// Files are taken from the cache while the walk runs (`ParseCache.takeAhead`); what the
    /// walk then does not list (excluded now, or deleted) is not loaded, and the cache forgets it.
    @Test func filesTakenAheadButNotListedAreLetGo() throws {
        let tree = try FixtureTree([
            "a/SKILL.md": "# A\n\n[b](references/b.md)\n",
            "a/references/b.md": "# B\n",
            "archive/SKILL.md": "# Old\n",
        ])
        let location = try CacheLocation()
        try Self.load(tree.path, cache: location.file, settled: true)
        var config = CollectionConfig()
        config.exclude = ["archive/**", "archive"]
        let fresh = try CollectionLoader.load(root: tree.path, config: config)
        let cache = ParseCache(folder: location.file)
        let graph = try CollectionLoader.load(root: tree.path, config: config, cache: cache)
        Self.expectSameGraph(graph, fresh, "excluded")
        #expect(graph.document(at: "archive/SKILL.md") == nil)
        #expect(cache.counts == (reused: 2, parsed: 0, read: 0), "\(cache.counts)")
        // The excluded file left the cache: loading it again parses it.
        let (again, next) = try Self.load(tree.path, cache: location.file)
        #expect(next.counts.reused == 2 && next.counts.parsed == 1, "\(next.counts)")
        Self.expectSameGraph(again, try CollectionLoader.load(root: tree.path), "included again")
    }

    @Test func aTouchedFileWithTheSameBytesIsReadButNotParsed() throws {
        let tree = try FixtureTree(["a/SKILL.md": "# A\n", "a/b.md": "# B\n"])
        let location = try CacheLocation()
        try Self.load(tree.path, cache: location.file, settled: true)
        try tree.write("a/b.md", "# B\n")
        let (_, cache) = try Self.load(tree.path, cache: location.file)
        #expect(cache.counts == (reused: 2, parsed: 0, read: 1))
    }

    @Test func deletedNewAndRenamedFilesLoadAsAFreshParseDoes() throws {
        let tree = try FixtureTree([
            "a/SKILL.md": "# A\n\n[gone](references/gone.md) [kept](references/kept.md#kept)\n",
            "a/references/gone.md": "# Gone\n",
            "a/references/kept.md": "# Kept\n",
        ])
        let location = try CacheLocation()
        try Self.load(tree.path, cache: location.file)
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("a/references/gone.md"))
        try tree.write("a/references/new.md", "# New\n\n[back](../SKILL.md)\n")
        // The same bytes under another path: locations name the path, so it is parsed anew.
        try FileManager.default.moveItem(at: tree.root.appendingPathComponent("a/references/kept.md"),
                                         to: tree.root.appendingPathComponent("a/references/moved.md"))
        let (graph, cache) = try Self.load(tree.path, cache: location.file)
        #expect(cache.counts.reused == 1 && cache.counts.parsed == 2, "\(cache.counts)")
        Self.expectSameGraph(graph, try CollectionLoader.load(root: tree.path), "deleted, new and moved files")
        // The deleted file left the cache.
        let (_, next) = try Self.load(tree.path, cache: location.file)
        #expect(next.counts.reused == 3 && next.counts.parsed == 0)
    }

    @Test func anotherProgramsCacheIsNotUsed() throws {
        let tree = try FixtureTree(["a/SKILL.md": "# A\n", "a/b.md": "# B\n"])
        let location = try CacheLocation()
        try Self.load(tree.path, cache: location.file)
        let other = ParseCacheKey.of(tool: ContentHash(high: 1, low: 2))
        #expect(other != ParseCacheKey.current)
        let (graph, cache) = try Self.load(tree.path, cache: location.file, key: other)
        #expect(cache.counts.reused == 0 && cache.counts.parsed == 2)
        #expect(cache.notes.contains { $0.contains("another version of skillbook") }, "\(cache.notes)")
        Self.expectSameGraph(graph, try CollectionLoader.load(root: tree.path), "other key")
        // It was replaced by one of the other program's.
        let (_, again) = try Self.load(tree.path, cache: location.file, key: other)
        #expect(again.counts.reused == 2)
    }

    @Test func fullReadsNothingFromTheCacheButLeavesOne() throws {
        let tree = try FixtureTree(["a/SKILL.md": "# A\n"])
        let location = try CacheLocation()
        try Self.load(tree.path, cache: location.file)
        let (_, full) = try Self.load(tree.path, cache: location.file, reuse: false)
        #expect(full.counts.reused == 0 && full.counts.parsed == 1)
        let (_, next) = try Self.load(tree.path, cache: location.file)
        #expect(next.counts.reused == 1)
    }

    /// Damage anywhere: the header, the table, one record, the end cut off, garbage, an empty
    /// file, a folder in a shard's place. Each load equals a fresh parse and says what it ignored.
    @Test func aDamagedOrTruncatedCacheIsIgnoredAndTheLoadGoesOn() throws {
        let tree = try Self.awkwardTree()
        let location = try CacheLocation()
        let fresh = try CollectionLoader.load(root: tree.path)
        try Self.load(tree.path, cache: location.file)
        let shards = location.shards
        #expect(shards.count > 8)
        let good = try shards.map { try Data(contentsOf: $0) }

        /// Damages every shard with `change` (or only the first), loads, and puts the good ones back.
        func damaged(_ label: String, onlyFirst: Bool = false, _ change: (Data) -> Data) throws {
            for (shard, data) in zip(shards, good).prefix(onlyFirst ? 1 : shards.count) { try change(data).write(to: shard) }
            let cache = ParseCache(folder: location.file)
            let graph = try CollectionLoader.load(root: tree.path, cache: cache)
            Self.expectSameGraph(graph, fresh, label)
            #expect(!cache.notes.filter { $0.contains("not used") }.isEmpty, "\(label): \(cache.notes)")
            if !onlyFirst { #expect(cache.counts.reused == 0, "\(label)") }
            // The damaged shards were written anew, and the next load takes every file from them.
            let next = ParseCache(folder: location.file)
            _ = try CollectionLoader.load(root: tree.path, cache: next)
            #expect(next.notes.filter { $0.contains("not used") }.isEmpty, "\(label): \(next.notes)")
            for (shard, data) in zip(shards, good) { try data.write(to: shard) }
        }
        func flipping(_ offset: @escaping (Data) -> Int) -> (Data) -> Data {
            { data in
                var copy = data
                copy[offset(data)] ^= 0x5A
                return copy
            }
        }
        try damaged("magic", flipping { _ in 0 })
        try damaged("format", flipping { _ in 8 })
        try damaged("key", flipping { _ in 20 })
        try damaged("table", flipping { _ in CacheFile.headerSize + 19 })
        try damaged("one record", onlyFirst: true, flipping { $0.count - 2 })
        try damaged("truncated") { $0.prefix($0.count / 2) }
        try damaged("truncated header") { $0.prefix(20) }
        try damaged("garbage") { _ in Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }) }
        try damaged("empty") { _ in Data() }

        // A folder where a shard should be: nothing to read there, and saving says it cannot.
        try FileManager.default.removeItem(at: shards[0])
        try FileManager.default.createDirectory(at: shards[0], withIntermediateDirectories: false)
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("a/SKILL.md"))
        for file in try FileManager.default.subpathsOfDirectory(atPath: tree.path) where file.hasSuffix(".md") {
            try Data("# Changed\n".utf8).write(to: tree.root.appendingPathComponent(file))
        }
        let cache = ParseCache(folder: location.file)
        Self.expectSameGraph(try CollectionLoader.load(root: tree.path, cache: cache), try CollectionLoader.load(root: tree.path),
                             "folder")
        #expect(cache.notes.contains { $0.contains("not saved") }, "\(cache.notes)")
    }

    /// A record read in part: damage in a file's own part is found when the load takes its parse
    /// (the file is parsed then); damage in its tree or rules, which a rebuild does not read, is
    /// found when something first reads them: the file is parsed for them, the note says so,
    /// and the shard is removed so that the next build parses its files rather than meet it again.
    @Test func damageInOnePartOfARecordCostsOnlyThatFilesReuse() throws {
        let tree = try Self.awkwardTree()
        let location = try CacheLocation()
        let fresh = try CollectionLoader.load(root: tree.path)
        try Self.load(tree.path, cache: location.file, settled: true)
        // The shard and the entry of a file with rules and blocks.
        let path = "a/SKILL.md"
        let shard = location.file.appendingPathComponent(String(format: "%02x", ParseCache.shard(of: path)))
        let good = try Data(contentsOf: shard)
        let read = try #require(try ParseCacheFile.read(shard, key: ParseCacheKey.current))
        let entry = try #require(read.entries[path])
        #expect(!entry.own.isEmpty && !entry.trailing.isEmpty)

        for (label, offset) in [("own part", read.ownStart + entry.own.lowerBound + entry.own.count / 2),
                                ("trailing part", entry.trailing.upperBound - 1)] {
            var damaged = good
            damaged[CacheFile.headerSize + offset] ^= 0x5A
            try damaged.write(to: shard)
            let cache = ParseCache(folder: location.file)
            let graph = try CollectionLoader.load(root: tree.path, cache: cache)
            if label == "own part" {
                #expect(cache.counts.parsed == 1 + fresh.diagnostics.filter { ["line-too-long", "too-many-brackets"].contains($0.code) }.count,
                        "\(cache.counts)")
                #expect(cache.notes.contains { $0.contains("cached parse of \(path) not used") }, "\(cache.notes)")
            } else {
                #expect(!cache.notes.contains { $0.contains("not used") }, "nothing of the trailing part read yet: \(cache.notes)")
            }
            Self.expectSameGraph(graph, fresh, label)
            let document = try #require(graph.document(at: path)?.markdown)
            let parsed = try #require(fresh.document(at: path)?.markdown)
            #expect(document.blocks == parsed.blocks && document.rules == parsed.rules, "\(label)")
            #expect(document.rulesDigest == parsed.rulesDigest, "\(label)")
            if label == "trailing part" {
                #expect(cache.notes.contains { $0.contains("of \(path) not used (damaged)") }, "\(cache.notes)")
                #expect(!FileManager.default.fileExists(atPath: shard.path), "the shard with the damage is removed")
            }
            // The next load finds no damage.
            let next = ParseCache(folder: location.file)
            let again = try CollectionLoader.load(root: tree.path, cache: next)
            Self.expectSameGraph(again, fresh, "\(label), next load")
            #expect(!next.notes.contains { $0.contains("not used") }, "\(label): \(next.notes)")
            try good.write(to: shard)
        }
    }

    /// A document taken from the cache knows the digest of its rules without decoding them: the
    /// record holds it, as the digest of the rules' own record.
    @Test func aCachedDocumentKnowsTheDigestOfItsRules() throws {
        let root = TestPaths.repository.appendingPathComponent("Tests/SkillParserTests/Fixtures/dupes").path
        let location = try CacheLocation()
        try Self.load(root, cache: location.file)
        let (cached, _) = try Self.load(root, cache: location.file)
        let fresh = try CollectionLoader.load(root: root)
        #expect(cached.documents.contains { $0.markdown.ruleCount > 1 })
        for (document, parsed) in zip(cached.documents, fresh.documents) {
            let known = try #require(document.markdown.knownRulesDigest, "\(document.path)")
            #expect(!document.markdown.ruleList.isMade)
            #expect(known == parsed.markdown.rulesDigest, "\(document.path)")
        }
    }

    /// Below the record digest: whatever bytes a record holds, decoding throws or returns,
    /// never reads out of bounds or recurses without end.
    @Test func decodingAnyBytesNeverCrashes() throws {
        var diagnostics: [Diagnostic] = []
        let text = try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let document = MarkdownDocument(path: "README.md", text: text, diagnostics: &diagnostics)
        var writer = BinaryWriter()
        writer.write(CollectionLoader.ParseResult(document: document, diagnostics: diagnostics))
        let record = writer.finished()
        var random = SystemRandomNumberGenerator()
        var decoded = 0
        for round in 0..<300 {
            var bytes = record
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            } else {
                for _ in 0..<(1 + round % 8) { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            }
            bytes.withUnsafeBytes { buffer in
                do throws(CacheDamage) {
                    var reader = try BinaryReader(record: buffer)
                    _ = try reader.fileParse()
                    decoded += 1
                } catch {}
            }
        }
        // Blocks nested far past any parse: refused, not recursed into.
        var quotes = BinaryWriter()
        for _ in 0..<100_000 {
            quotes.count(1)
            quotes.byte(5)  // a block quote holding the next
        }
        let tree = quotes.finished()
        var deep = BinaryWriter()
        deep.count(0)
        deep.bool(true)
        deep.string("x.md")
        deep.bool(false)
        for _ in 0..<6 { deep.count(0) }  // no headings, links, images, nested links, code spans, raw HTML
        var noRules = BinaryWriter()
        noRules.count(0)
        let rules = noRules.finished()
        deep.count(0)  // no related-skill items
        var noLists = BinaryWriter()
        noLists.count(0)
        let lists = noLists.finished()
        // No rules, one block and no headed lists, in records of their own that follow, with their digests.
        let rulesDigest = rules.withUnsafeBytes { ContentHasher.hash($0) }
        var treeDigest = CachePayloadDigest(), listsDigest = CachePayloadDigest()
        tree.withUnsafeBytes { treeDigest.add($0) }
        lists.withUnsafeBytes { listsDigest.add($0) }
        for (count, record, digest) in [(0, rules, rulesDigest), (1, tree, treeDigest.finalize()), (0, lists, listsDigest.finalize())] {
            deep.count(count)
            deep.count(record.count)
            deep.word(digest.high)
            deep.word(digest.low)
        }
        deep.trailing([rules])
        deep.trailing([tree])
        deep.trailing([lists])
        let nested = deep.finished()
        nested.withUnsafeBytes { buffer in
            do throws(CacheDamage) {
                var reader = try BinaryReader(record: buffer)
                _ = try reader.fileParse()
                Issue.record("100,000 nested quotes decoded")
            } catch {
                #expect(error.description == "nesting too deep")
            }
        }
        // And the record itself decodes to the document.
        let back = try record.withUnsafeBytes { buffer throws(CacheDamage) in
            var reader = try BinaryReader(record: buffer)
            return try reader.fileParse()
        }
        #expect(back.document == document && back.diagnostics == diagnostics)
        _ = decoded
    }

    @Test func anOldSingleFileCacheMakesWayForTheFolder() throws {
        let tree = try FixtureTree(["a/SKILL.md": "# A\n"])
        let output = tree.root.appendingPathComponent("out")
        let folder = CacheFolder.location(forOutput: output)
        #expect(folder.lastPathComponent == ".out.skillbook-cache")
        try Data("skillbook build cache 1\n".utf8).write(to: folder)
        let parse = CacheFolder.file(ParseCache.folderName, forOutput: output)
        let cache = ParseCache(folder: parse)
        _ = try CollectionLoader.load(root: tree.path + "/a", cache: cache)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue)
        let again = ParseCache(folder: parse)
        _ = try CollectionLoader.load(root: tree.path + "/a", cache: again)
        #expect(again.counts.reused == 1, "\(again.notes)")
    }
}
