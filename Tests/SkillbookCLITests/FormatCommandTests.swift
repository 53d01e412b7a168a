import Foundation
import SkillParser
import Testing
import TestSupport

@Suite struct FormatCommandTests {
    static let messy = "\u{FEFF}---\r\n# where it came from\r\nsource: 'https://example.com/a'\r\nmetadata:\r\n  author: me\r\ndescription: 'Use when: the user asks.'\r\nname: \"alpha\"   \r\n...\r\n# Alpha\r\n\r\nBody.  "
    static let formatted = "---\nname: alpha\ndescription: \"Use when: the user asks.\"\nmetadata:\n  author: me\n# where it came from\nsource: https://example.com/a\n---\n# Alpha\n\nBody.  \n"

    @Test func normalisesFrontmatterLineEndingsAndTheFinalNewline() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.messy])
        let result = try runSkillbook(["fmt"], in: tree.root)
        #expect(result.exitCode == 0)
        #expect(try tree.read("alpha/SKILL.md") == Self.formatted)
        #expect(result.stdout.hasPrefix("alpha/SKILL.md: byte order mark removed; line endings to LF; final newline added; frontmatter fences written as `---`"))
        #expect(result.stdout.contains("keys in the specification's order (name, description, metadata, source)"))
        #expect(result.stderr.hasSuffix("formatted 1 of 1 files\n"))
        // A second run changes nothing.
        let again = try runSkillbook(["fmt", "--check", tree.path])
        #expect(again.exitCode == 0)
        #expect(again.stdout == "")
    }

    @Test func checkListsWhatWouldChangeAndWritesNothing() throws {
        let tree = try FixtureTree(["alpha/SKILL.md": Self.messy, "alpha/references/ok.md": "# Fine\n"])
        let result = try runSkillbook(["fmt", "--check"], in: tree.root)
        #expect(result.exitCode == 1)
        #expect(result.stdout.hasPrefix("alpha/SKILL.md: would change: byte order mark removed;"))
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr.hasSuffix("1 of 2 files would change\n"))
        #expect(try Data(contentsOf: tree.root.appendingPathComponent("alpha/SKILL.md")) == Data(Self.messy.utf8))
    }

    @Test func leavesBrokenFrontmatterAloneWithANote() throws {
        let unclosed = "---\nname: beta\ndescription: B.\n\n# Beta\n"
        let tree = try FixtureTree(["beta/SKILL.md": unclosed])
        let result = try runSkillbook(["fmt", tree.path])
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("beta/SKILL.md:1:1: note: left alone: the frontmatter has a problem to fix first (unterminated-frontmatter)"))
        #expect(try tree.read("beta/SKILL.md") == unclosed)
    }

    @Test func readsFilesAsTheLoaderDoesAndNeverBlocksOnAPipe() throws {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: A.\n---\n"])
        #expect(try runProcess("mkfifo", [tree.path + "/a/pipe.md"]).exitCode == 0)
        try tree.write("a/huge.md", String(repeating: "x", count: 4 * 1024 * 1024 + 1))
        let result = try runSkillbook(["fmt"], in: tree.root)
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("a/pipe.md:1:1: note: left alone: not a regular file (a pipe, socket or device); skipped\n"))
        #expect(result.stderr.contains("a/huge.md:1:1: note: left alone: file is 4194305 bytes, over the limit of 4194304; skipped\n"))
    }

    @Test func keepsTheOrderWhenMovingAKeyWouldChangeItsValue() throws {
        // A folded description that ends the frontmatter has no final line break; followed by
        // another key it would gain one, so the keys stay where they are.
        let text = "---\nversion: 1.0.0\nname: gamma\ndescription: >\n  Folded\n  text.\n---\n# Gamma\n"
        let tree = try FixtureTree(["gamma/SKILL.md": text])
        let result = try runSkillbook(["fmt"], in: tree.root)
        #expect(result.exitCode == 0)
        #expect(result.stderr.hasPrefix("gamma/SKILL.md:1:1: note: keys kept in their order: moving them would change the value of `description`\n"))
        let after = try tree.read("gamma/SKILL.md")
        #expect(after == text)
        let before = Frontmatter.read(text, path: "SKILL.md").frontmatter?.entries.map { [$0.key, $0.value.displayText] }
        #expect(Frontmatter.read(after, path: "SKILL.md").frontmatter?.entries.map { [$0.key, $0.value.displayText] }.sorted { $0[0] < $1[0] }
                == before?.sorted { $0[0] < $1[0] })
    }

    /// `fmt` over every shared corpus: no parsed frontmatter value and no Markdown body changes.
    @Test(.enabled(if: TestPaths.shared("corpora") != nil, "../shared is absent"))
    func roundTripOverEverySharedCorpusChangesNoParsedValue() throws {
        let corpora = try FileManager.default.contentsOfDirectory(atPath: TestPaths.shared("corpora")!.path)
            .filter { !$0.hasSuffix(".md") }.sorted()
        #expect(corpora.count >= 4)
        for corpus in corpora {
            let source = TestPaths.shared("corpora/\(corpus)")!
            let copy = try FixtureTree()
            let target = copy.root.appendingPathComponent(corpus)
            try FileManager.default.copyItem(at: source, to: target)
            let result = try runSkillbook(["fmt", target.path])
            #expect(result.exitCode == 0, "\(corpus): \(result.stderr.suffix(300))")
            let (_, files) = try CollectionLoader.markdownFiles(root: source.path)
            var changed = 0
            for file in files {
                let before = try String(contentsOf: source.appendingPathComponent(file), encoding: .utf8)
                let after = try String(contentsOf: target.appendingPathComponent(file), encoding: .utf8)
                if before == after { continue }
                changed += 1
                #expect(Self.parsed(before, file) == Self.parsed(after, file), "\(corpus)/\(file)")
                // The same again: formatting a formatted file changes nothing.
                #expect(after.hasSuffix("\n"))
            }
            let again = try runSkillbook(["fmt", "--check", target.path])
            #expect(again.exitCode == 0, "\(corpus) is not stable: \(again.stdout.prefix(300))")
            print("fmt \(corpus): \(changed) of \(files.count) files changed")
        }
    }

    /// What a reader gets from a file: its frontmatter by key (locations left out) and the
    /// Markdown after it, with line endings as the loader reads them.
    static func parsed(_ text: String, _ path: String) -> [String] {
        let (frontmatter, _) = Frontmatter.read(text, path: path)
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        lines = Array(lines.dropFirst(frontmatter?.lastLine ?? 0))
        while lines.last?.isEmpty == true { lines.removeLast() }
        let body = String(decoding: Array(lines.joined(separator: [UInt8(ascii: "\n")])), as: UTF8.self)
        let entries = (frontmatter?.entries ?? []).map { "\($0.key)=\(describe($0.value))" }.sorted()
        return entries + ["body:" + body]
    }

    static func describe(_ value: YAMLValue) -> String {
        switch value {
        case .null: "null"
        case .string(let text): "\"\(text)\""
        case .list(let items): "[" + items.map(describe).joined(separator: ",") + "]"
        case .map(let entries): "{" + entries.map { "\($0.key):\(describe($0.value))" }.joined(separator: ",") + "}"
        }
    }
}
