import Foundation
import Testing
import TestSupport
@testable import SkillParser

/// Inputs built to crash or stall the loader, each beside one good skill: the run must end
/// with the diagnostic that names the problem, and the good skill must load untouched. Big
/// inputs are generated here rather than committed.
@Suite struct HostileMarkdownTests {
    static let good = "---\nname: good\ndescription: A good skill.\n---\n# Good\n\nSee `good`.\n"

    /// Loads a collection of the good skill and a `bad` skill whose SKILL.md body is `body`.
    static func load(body: String, frontmatter: String = "") throws -> SkillGraph {
        let tree = try FixtureTree([
            "good/SKILL.md": good,
            "bad/SKILL.md": "---\nname: bad\ndescription: A bad skill.\n\(frontmatter)---\n# Bad\n\n\(body)",
        ])
        return try CollectionLoader.load(root: tree.path)
    }

    /// The `bad` skill of `load(body:)` parsed on its own, past the loader's line limit: the
    /// parser's own bounds must hold for any line the fuzzer or a caller gives it.
    static func parse(body: String) -> (document: MarkdownDocument, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let text = "---\nname: bad\ndescription: A bad skill.\n---\n# Bad\n\n\(body)"
        return (MarkdownDocument(path: "bad/SKILL.md", text: text, diagnostics: &diagnostics), diagnostics)
    }

    static func expectGoodSkillIntact(_ graph: SkillGraph, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let document = graph.document(at: "good/SKILL.md")
        #expect(graph.skills.map(\.name).contains("good"), sourceLocation: sourceLocation)
        #expect(document?.markdown.headings.map(\.text) == ["Good"], sourceLocation: sourceLocation)
        #expect(document?.markdown.codeSpans.map(\.code) == ["good"], sourceLocation: sourceLocation)
    }

    /// The deepest block or inline nesting of a document's tree.
    static func depth(of blocks: [Block]) -> Int {
        blocks.map { block -> Int in
            switch block {
            case .blockQuote(let quote): 1 + depth(of: quote.blocks)
            case .list(let list): 2 + (list.items.map { depth(of: $0.blocks) }.max() ?? 0)
            case .paragraph(let paragraph): 1 + depth(of: paragraph.inlines)
            default: 1
            }
        }.max() ?? 0
    }

    static func depth(of inlines: [Inline]) -> Int {
        inlines.map { inline -> Int in
            switch inline {
            case .emphasis(let children), .strong(let children), .strikethrough(let children): 1 + depth(of: children)
            case .link(let link), .image(let link): 1 + depth(of: link.children)
            default: 1
            }
        }.max() ?? 0
    }

    /// Deep nesting, by the name the test report shows (the bodies are too long to print).
    static let deepBodies: [String: String] = [
        "20,000 nested quotes": String(repeating: ">", count: 20_000) + " deep text\n",
        "10,000 quoted list items": String(repeating: "> - ", count: 10_000) + "deep text\n",
        "10,000 nested list items": String(repeating: "- ", count: 10_000) + "deep text\n",
        "50,000 emphasis markers": String(repeating: "*", count: 50_000) + "deep text" + String(repeating: "*", count: 50_000) + "\n",
        "20,000 nested images": String(repeating: "![", count: 20_000) + "deep text" + String(repeating: "](x.png)", count: 20_000) + "\n",
    ]

    /// The shapes are single lines far over the line limit: the loader skips them.
    @Test(.timeLimit(.minutes(10)), arguments: deepBodies.keys.sorted())
    func deepNestingOnOneLongLineIsSkippedByTheLoader(name: String) throws {
        let graph = try Self.load(body: try #require(Self.deepBodies[name]))
        Self.expectGoodSkillIntact(graph)
        let problem = try #require(graph.diagnostics.first { $0.code == "line-too-long" }, "\(name)")
        #expect(problem.location == SkillParser.SourceLocation(file: "bad/SKILL.md", line: 7))
        #expect(graph.document(at: "bad/SKILL.md") == nil)
    }

    /// Within the line limit, nesting still goes far past the depth limit.
    static let deepShortBodies: [String: String] = [
        "9,000 nested quotes": String(repeating: ">", count: 9_000) + " deep text\n",
        "2,000 quoted list items": String(repeating: "> - ", count: 2_000) + "deep text\n",
        "4,000 nested list items": String(repeating: "- ", count: 4_000) + "deep text\n",
        "4,000 emphasis markers": String(repeating: "*", count: 4_000) + "deep text" + String(repeating: "*", count: 4_000) + "\n",
        "900 nested images": String(repeating: "![", count: 900) + "deep text" + String(repeating: "](x.png)", count: 900) + "\n",
        "3,000 emphases over 3,000 lines": String(repeating: "*a\n", count: 3_000) + "deep text" + String(repeating: "\na*", count: 3_000) + "\n",
    ]

    @Test(.timeLimit(.minutes(10)), arguments: deepShortBodies.keys.sorted())
    func deepNestingIsCutWithADiagnosticAndKeepsItsText(name: String) throws {
        let graph = try Self.load(body: try #require(Self.deepShortBodies[name]))
        Self.expectGoodSkillIntact(graph)
        let problem = try #require(graph.diagnostics.first { $0.code == "markdown-nesting-limit" }, "\(name)")
        #expect(problem.location.file == "bad/SKILL.md")
        #expect(problem.location.line >= 7)
        let bad = try #require(graph.document(at: "bad/SKILL.md"))
        #expect(Self.depth(of: bad.markdown.blocks) <= InputLimits.maximumMarkdownDepth + 2)
        // The text below the cut is kept, as plain text.
        #expect(DocumentTextProbe.text(of: bad.markdown.blocks).contains("deep text"), "\(name)")
    }

    /// The parser alone, on the one-line shapes (what the markdown fuzz target sees).
    @Test(.timeLimit(.minutes(10)), arguments: deepBodies.keys.sorted())
    func theParserCutsDeepNestingOnLinesOfAnyLength(name: String) throws {
        let (bad, diagnostics) = Self.parse(body: try #require(Self.deepBodies[name]))
        let problem = try #require(diagnostics.first { $0.code == "markdown-nesting-limit" }, "\(name)")
        #expect(problem.location.file == "bad/SKILL.md")
        #expect(problem.location.line == 7)
        #expect(Self.depth(of: bad.blocks) <= InputLimits.maximumMarkdownDepth + 2)
        #expect(DocumentTextProbe.text(of: bad.blocks).contains("deep text"), "\(name)")
    }

    @Test func nestingBelowTheLimitIsNotReported() throws {
        let graph = try Self.load(body: String(repeating: "> ", count: 10) + "- *a **b [c](x)***\n")
        #expect(!graph.diagnostics.contains { $0.code == "markdown-nesting-limit" })
    }

    @Test(.timeLimit(.minutes(10)))
    func manyCodeSpansOnOneLineAreLocatedInLinearTime() throws {
        // Non-ASCII first, so columns must be counted in characters, not bytes.
        // The parser alone: the loader would skip a line this long.
        let body = "é " + String(repeating: "`a` ", count: 100_000) + "\n"
        let spans = Self.parse(body: body).document.codeSpans
        #expect(spans.count == 100_000)
        // cmark-gfm places a code span at its text, one past the backtick.
        #expect(spans.first?.location.column == 4)
        #expect(spans.last?.location.column == 4 + 4 * 99_999)
    }

    @Test func columnsCountCharactersAcrossSeveralNonASCIILines() throws {
        let graph = try Self.load(body: "ééé `a` ü `b`\n\n`c` ß `d`\n")
        let spans = try #require(graph.document(at: "bad/SKILL.md")?.markdown.codeSpans)
        #expect(spans.map(\.location.column) == [6, 12, 2, 8])
        #expect(spans.map(\.location.line) == [7, 7, 9, 9])
    }

    @Test(.timeLimit(.minutes(10)))
    func billionLaughsAliasChainStopsAtTheBudget() throws {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let graph = try Self.load(body: "Body.\n", frontmatter: "metadata:\n  x: y\n" + yaml)
        Self.expectGoodSkillIntact(graph)
        let problem = try #require(graph.diagnostics.first { $0.code == "yaml-alias-limit" })
        #expect(problem.severity == .error)
        #expect(problem.location.file == "bad/SKILL.md")
        // The keys before the limit are still read.
        #expect(graph.skills.first { $0.folder == "bad" }?.manifest?.name == "bad")
    }

    @Test(.timeLimit(.minutes(10)))
    func deeplyNestedFlowCollectionsAreRefusedBeforeParsing() throws {
        // Over many short lines: a flow collection goes on across lines, past the line limit's reach.
        // `{` reaches libyaml; a run of `[` this long is refused earlier by the bracket budget.
        let flow = "y: " + String(repeating: "{a: \n ", count: 50_000) + "1" + String(repeating: "}\n ", count: 50_000) + "\n"
        let graph = try Self.load(body: "Body.\n", frontmatter: flow)
        Self.expectGoodSkillIntact(graph)
        let problem = try #require(graph.diagnostics.first { $0.code == "yaml-alias-limit" })
        #expect(problem.location.line == 4 + YAMLReader.maximumFlowNesting)
        let squares = "x: " + String(repeating: "[\n ", count: 100_000) + String(repeating: "]\n ", count: 100_000) + "\n"
        let refused = try Self.load(body: "Body.\n", frontmatter: squares)
        Self.expectGoodSkillIntact(refused)
        #expect(refused.diagnostics.contains { $0.code == "too-many-brackets" })
        #expect(refused.document(at: "bad/SKILL.md") == nil)
        // Nesting that real frontmatter uses still parses.
        let shallow = try Self.load(body: "Body.\n", frontmatter: "metadata:\n  tags: \"[a, [b, {c: d}]]\"\n  list: [a, [b, [c]]]\n")
        #expect(!shallow.diagnostics.contains { $0.code == "yaml-alias-limit" })
    }

    @Test func selfReferencingAliasIsBounded() throws {
        let graph = try Self.load(body: "Body.\n", frontmatter: "loop: &loop [*loop, *loop]\n")
        Self.expectGoodSkillIntact(graph)
        #expect(graph.skills.count == 2)
    }

    @Test(.timeLimit(.minutes(10)))
    func tenThousandKeysLoad() throws {
        let keys = (0..<10_000).map { "  key\($0): value \($0)\n" }.joined()
        let graph = try Self.load(body: "Body.\n", frontmatter: "metadata:\n" + keys)
        Self.expectGoodSkillIntact(graph)
        let metadata = graph.skills.first { $0.folder == "bad" }?.manifest?.metadata
        #expect(metadata?.count == 10_000)
        #expect(!graph.diagnostics.contains { $0.code == "yaml-alias-limit" })
    }

    @Test(.timeLimit(.minutes(10)))
    func aHundredThousandHeadingsLoad() throws {
        let body = (0..<100_000).map { "## Heading \($0)\n" }.joined()
        let graph = try Self.load(body: body)
        Self.expectGoodSkillIntact(graph)
        #expect(graph.document(at: "bad/SKILL.md")?.markdown.headings.count == 100_001)
        #expect(graph.document(at: "bad/SKILL.md")?.markdown.headings.last?.anchor == "heading-99999")
    }
}

/// All the text of a tree, for asserting that content past the depth limit is kept.
enum DocumentTextProbe {
    static func text(of blocks: [Block]) -> String {
        blocks.map { block -> String in
            switch block {
            case .paragraph(let paragraph): paragraph.inlines.plainText
            case .heading(let heading): heading.text
            case .blockQuote(let quote): text(of: quote.blocks)
            case .list(let list): list.items.map { text(of: $0.blocks) }.joined(separator: " ")
            default: ""
            }
        }.joined(separator: " ")
    }
}
