import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct FrontmatterTests {
    private func parse(_ text: String) -> (MarkdownDocument, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let document = MarkdownDocument(path: "s/SKILL.md", text: text, diagnostics: &diagnostics)
        return (document, diagnostics)
    }

    private func manifest(_ text: String) -> (SkillManifest, [Diagnostic]) {
        var (document, diagnostics) = parse(text)
        let manifest = SkillManifest(entries: document.frontmatter?.entries ?? [], diagnostics: &diagnostics)
        return (manifest, diagnostics)
    }

    @Test func readsTypedFieldsAndKeepsEveryOtherKey() {
        let (manifest, diagnostics) = manifest("""
            ---
            name: color
            description: >-
              Picks colors
              for apps.
            license: MIT
            compatibility: "iOS 18+"
            allowed-tools: Read Grep
            metadata:
              version: "1.2"
              checked: 2026-11-29
            version: 3
            risk: low
            tags: [ui, color]   # an inline list
            ---
            # Color
            """)
        #expect(diagnostics.isEmpty)
        #expect(manifest.name == "color")
        #expect(manifest.description == "Picks colors for apps.")
        #expect(manifest.license == "MIT")
        #expect(manifest.compatibility == "iOS 18+")
        #expect(manifest.allowedTools == ["Read", "Grep"])
        #expect(manifest.metadata.map(\.key) == ["version", "checked"])
        #expect(manifest.metadata.last?.value == .string("2026-11-29"))
        #expect(manifest.extraFields.map(\.key) == ["version", "risk", "tags"])
        #expect(manifest.entry("tags")?.value == .list([.string("ui"), .string("color")]))
        #expect(manifest.entry("risk")?.location == SourceLocation(file: "s/SKILL.md", line: 13, column: 1))
    }

    @Test func allowedToolsMayBeAList() {
        let (manifest, _) = manifest("---\nname: a\nallowed-tools:\n  - Read\n  - Bash(git:*)\n---\n")
        #expect(manifest.allowedTools == ["Read", "Bash(git:*)"])
    }

    @Test func acceptsByteOrderMarkAndCRLF() {
        let (document, diagnostics) = parse("\u{FEFF}---\r\nname: a\r\ndescription: b\r\n---\r\n# Title\r\n\r\nText\r\n")
        #expect(diagnostics.isEmpty)
        #expect(document.frontmatter?.entries.map(\.key) == ["name", "description"])
        #expect(document.headings.first?.location.line == 5)
        #expect(document.headings.first?.text == "Title")
    }

    @Test func unterminatedBlockEndsAtFirstBlankLineAndBodyIsStillParsed() {
        let (document, diagnostics) = parse("""
            ---
            title: "Buttons"
            source: https://example.com/buttons

            # Buttons

            A [link](other.md).
            """)
        #expect(diagnostics.map(\.code) == ["unterminated-frontmatter"])
        #expect(diagnostics.first?.location.line == 1)
        #expect(document.frontmatter?.entries.map(\.key) == ["title", "source"])
        #expect(document.frontmatter?.closingLine == nil)
        #expect(document.headings.map(\.text) == ["Buttons"])
        #expect(document.headings.first?.location.line == 5)
        #expect(document.links.map(\.destination) == ["other.md"])
    }

    @Test func unterminatedBlockEndsAtAHeadingWithoutBlankLine() {
        let (document, diagnostics) = parse("---\ntitle: x\n# Heading\nBody\n")
        #expect(diagnostics.map(\.code) == ["unterminated-frontmatter"])
        #expect(document.headings.first?.location.line == 3)
    }

    @Test func reportsARuleFarBelowThatClosesTheBlockByAccident() {
        let (document, diagnostics) = parse("""
            ---
            title: Lists

            # Lists

            Some prose here.

            ---

            More prose.
            """)
        #expect(diagnostics.map(\.code) == ["frontmatter-accidental-close"])
        #expect(diagnostics.first?.notes.first?.location?.line == 8)
        #expect(document.frontmatter?.entries.map(\.key) == ["title"])
        #expect(document.headings.map(\.text) == ["Lists"])
        #expect(document.blocks.contains { if case .thematicBreak = $0 { true } else { false } })
    }

    @Test func aProperlyClosedBlockWithBlankLinesIsNotAnAccident() {
        let (_, diagnostics) = parse("---\nname: a\n\ndescription: b\n---\n# A\n")
        #expect(diagnostics.isEmpty)
    }

    @Test func invalidYAMLIsReportedAtItsFileLineAndColumn() throws {
        let (document, diagnostics) = parse("---\nname: a\ndescription: [unclosed\nlicense: MIT\n---\n# Body\n")
        let problem = try #require(diagnostics.first)
        #expect(problem.code == "invalid-yaml")
        #expect(problem.message.hasPrefix("invalid YAML:"))
        #expect(problem.location.line == 4)
        #expect(problem.location.column == 8)
        #expect(document.headings.map(\.text) == ["Body"])
    }

    @Test func aDocumentThatIsNotAMappingIsReported() {
        let (_, diagnostics) = parse("---\n- a\n- b\n---\n")
        #expect(diagnostics.map(\.code) == ["frontmatter-not-mapping"])
        #expect(diagnostics.first?.message.contains("a list") == true)
        #expect(diagnostics.first?.location.line == 2)
    }

    @Test func duplicateKeysAreReportedWithTheFirstPlace() {
        let (manifest, diagnostics) = manifest("---\nname: a\ndescription: one\ndescription: two\n---\n")
        #expect(diagnostics.map(\.code) == ["duplicate-key"])
        #expect(diagnostics.first?.location.line == 4)
        #expect(diagnostics.first?.notes.first?.location?.line == 3)
        #expect(manifest.description == "two")
    }

    @Test func aListOrMapWhereAStringIsRequiredIsReported() {
        let (manifest, diagnostics) = manifest("---\nname: [a, b]\ndescription:\n  text: x\n---\n")
        #expect(diagnostics.map(\.code) == ["frontmatter-type", "frontmatter-type"])
        #expect(diagnostics.map(\.location.line) == [2, 3])
        #expect(manifest.name == nil)
        #expect(manifest.entry("name") != nil)
    }

    @Test func aFileWithoutFrontmatterHasNone() {
        let (document, diagnostics) = parse("# Just Markdown\n\n---\n\ntext\n")
        #expect(document.frontmatter == nil)
        #expect(diagnostics.isEmpty)
    }

    @Test func hostileYAMLDoesNotCrash() {
        let (_, diagnostics) = parse("---\na: &x [*x, *x]\nb: *y\nc: !!binary ~~~\n---\n")
        #expect(!diagnostics.isEmpty)
        let (_, deep) = parse("---\na: " + String(repeating: "[", count: 500) + "\n---\n")
        #expect(deep.map(\.code) == ["invalid-yaml"])
    }
}
