import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct MarkdownModelTests {
    private func parse(_ text: String) -> MarkdownDocument {
        var diagnostics: [Diagnostic] = []
        return MarkdownDocument(path: "doc.md", text: text, diagnostics: &diagnostics)
    }

    @Test func headingsCarryLevelPlainTextAnchorAndLine() {
        let document = parse("# Title\n\n## 1. Touch *targets* `44pt`\n\nSetext\n------\n\n## Title\n")
        #expect(document.headings.map(\.level) == [1, 2, 2, 2])
        #expect(document.headings.map(\.text) == ["Title", "1. Touch targets 44pt", "Setext", "Title"])
        #expect(document.headings.map(\.anchor) == ["title", "1-touch-targets-44pt", "setext", "title-1"])
        #expect(document.headings.map(\.location.line) == [1, 3, 5, 8])
    }

    @Test func paragraphsListsAndTaskItems() throws {
        let document = parse("Intro text.\n\n3. third\n4. fourth\n\n- [x] done\n- [ ] open\n  - nested\n")
        guard case .paragraph(let paragraph) = document.blocks[0] else { Issue.record("no paragraph"); return }
        #expect(paragraph.inlines.plainText == "Intro text.")
        guard case .list(let ordered) = document.blocks[1], case .list(let tasks) = document.blocks[2] else {
            Issue.record("no lists"); return
        }
        #expect(ordered.ordered && ordered.start == 3 && ordered.items.count == 2)
        #expect(!tasks.ordered)
        #expect(tasks.items.map(\.checked) == [true, false])
        #expect(tasks.items.map(\.location.line) == [6, 7])
    }

    @Test func fencedAndIndentedCodeBlocksWithLanguage() {
        let document = parse("```swift title=\"x\"\nlet a = 1\n```\n\n    indented\n\n~~~\nplain\n~~~\n")
        #expect(document.codeBlocks.map(\.language) == ["swift", nil, nil])
        #expect(document.codeBlocks.map(\.fenced) == [true, false, true])
        #expect(document.codeBlocks.first?.info == "swift title=\"x\"")
        #expect(document.codeBlocks.first?.code == "let a = 1\n")
        #expect(document.codeBlocks.map(\.location.line) == [1, 5, 7])
    }

    @Test func unclosedFenceRunsToTheEndWithoutCrashing() {
        let document = parse("Text\n\n```markdown\n# Not a heading\n")
        #expect(document.codeBlocks.count == 1)
        #expect(document.headings.isEmpty)
    }

    @Test func tablesKeepCellsAndAlignment() throws {
        let document = parse("Intro\n\n| Size | Value | Note |\n|:--|:-:|--:|\n| Min | **44** pt | a `code` |\n| Max | | |\n")
        let table = try #require(document.tables.first)
        #expect(table.alignments == [.left, .center, .right])
        #expect(table.header.map(\.text) == ["Size", "Value", "Note"])
        #expect(table.rows.map { $0.map(\.text) } == [["Min", "44 pt", "a code"], ["Max", "", ""]])
        #expect(table.location.line == 3)
        #expect(document.codeSpans.map(\.code) == ["code"])
    }

    @Test func blockQuotesThematicBreaksAndHTMLBlocks() {
        let document = parse("> quoted [link](q.md)\n\n***\n\n<div id=\"anchor\">\nhtml\n</div>\n")
        guard case .blockQuote(let quote) = document.blocks[0] else { Issue.record("no quote"); return }
        #expect(quote.blocks.count == 1)
        guard case .thematicBreak(let location) = document.blocks[1] else { Issue.record("no break"); return }
        #expect(location.line == 3)
        #expect(document.html.map(\.location.line) == [5])
        #expect(document.html.first?.html.contains("id=\"anchor\"") == true)
        #expect(document.links.map(\.destination) == ["q.md"])
    }

    @Test func inlineLinksImagesCodeSpansAndStrikethrough() {
        let document = parse("See [the guide](<a b.md> \"Title\"), ![alt](img.png), `code`, ~~gone~~ and https://apple.com.\n")
        #expect(document.links.map(\.destination) == ["a b.md", "https://apple.com"])
        #expect(document.links.first?.title == "Title")
        #expect(document.images.map(\.destination) == ["img.png"])
        #expect(document.images.first?.children.plainText == "alt")
        #expect(document.codeSpans.map(\.code) == ["code"])
        guard case .paragraph(let paragraph) = document.blocks[0] else { return }
        #expect(paragraph.inlines.contains { if case .strikethrough = $0 { true } else { false } })
    }

    @Test func locationsAreEditorLinesAndCharacterColumnsCountingFrontmatter() {
        let document = parse("---\nname: x\n---\n\n# Héading\n\nÉtè [link](a.md) and `span`\n")
        #expect(document.headings.first?.location == SourceLocation(file: "doc.md", line: 5, column: 1))
        #expect(document.links.first?.location.line == 7)
        #expect(document.links.first?.location.column == 5)
        #expect(document.codeSpans.first?.location.line == 7)
    }

    @Test func rulesAreListItemsOwnTextAndBoldLedParagraphs() {
        let document = parse("""
            # Buttons

            ## Sizing

            - Make every button at least 44 by 44 points.
              - A nested list is its own rule.
            - Use `Button` with a role.

            **Prefer system styles.** They adapt to dark mode.

            Plain paragraphs are not rules.

            | table | rows |
            |---|---|
            | are not | rules |
            """)
        #expect(document.rules.map(\.text) == [
            "Make every button at least 44 by 44 points.",
            "A nested list is its own rule.",
            "Use Button with a role.",
            "Prefer system styles. They adapt to dark mode.",
        ])
        #expect(document.rules.map(\.kind) == [.listItem, .listItem, .listItem, .boldParagraph])
        #expect(document.rules.first?.headingPath == ["Buttons", "Sizing"])
        #expect(document.rules.map(\.location.line) == [5, 6, 7, 9])
    }

    @Test func relatedSkillsItemsNameSkillsInEveryForm() {
        let document = parse("""
            ## Related Skills:

            - `hig-color`: palette
            - **hig-typography** for text
            - [Layout](../hig-layout/SKILL.md)
            - hig-motion - animation
            - [Accessibility guide](accessibility.md)

            ## Next

            - `not-related`
            """)
        #expect(document.relatedSkillItems.map(\.name) == [
            "hig-color", "hig-typography", "hig-layout", "hig-motion", "Accessibility guide",
        ])
    }

    @Test func titleComesFromFirstH1ThenFrontmatterThenFileName() {
        #expect(parse("## Sub\n# Main\n").title == "Main")
        #expect(parse("---\ntitle: From YAML\n---\ntext\n").title == "From YAML")
        #expect(parse("text\n").title == "doc")
    }
}

@Suite struct RelatedSkillsHeadingTests {
    @Test(arguments: ["Related skills", "Related Skills:", "related-skills", "RELATED SKILL", "Related skills 2",
                      "Related", "Unrelated skills", "Related skills and tools", "Related  Skills!", "", "Skills related",
                      "🔗 Related skills", "Related skills ✨", "関連 Related Skills", "Relat\u{00E9}d skills", "\u{FF32}elated skills",
                      "Re\u{0301}lated skills", "🔗 RELATED SKILL", "🔗 Related s\u{212A}ills", "🔗 rel ated skills"])
    func theASCIIPathAgreesWithTheCharacterRules(heading: String) {
        #expect(DocumentIndexer.isRelatedSkillsHeading(heading) == DocumentIndexer.isRelatedSkillsHeadingByCharacters(heading))
    }

    @Test func headingsAreRecognisedInAnyCaseAndPunctuation() {
        #expect(DocumentIndexer.isRelatedSkillsHeading("Related Skills:"))
        #expect(DocumentIndexer.isRelatedSkillsHeading("related-skill"))
        #expect(!DocumentIndexer.isRelatedSkillsHeading("Related skills and tools"))
        #expect(!DocumentIndexer.isRelatedSkillsHeading("Unrelated skills"))
    }
}

@Suite struct CollapsingWhitespaceTests {
    /// The byte path must agree with the scalar rules, also around every kind of whitespace.
    @Test(arguments: ["  a \t b\n\nc  ", "", "   ", "x\u{00A0}y\u{0085}z", "é \u{2003} ü\u{3000}日本\u{1680}!",
                      "\u{2028}lead and trail\u{205F}", "no-space", "tabs\t\t\tand\r\nlines", "emoji 🎉  done"])
    func theBytePathAgreesWithTheScalarRules(text: String) {
        #expect(text.collapsingWhitespace == text.collapsingRuns { $0.isWhitespaceScalar })
        #expect(Substring(text).collapsingWhitespace == text.collapsingRuns { $0.isWhitespaceScalar })
    }
}

/// A skill is a value although its fields share one box between copies.
@Suite struct SkillValueTests {
    static let original = Skill(name: "alpha", folder: "alpha", skillFile: "alpha/SKILL.md", manifest: nil, documents: ["alpha/references/a.md"])

    @Test func changingACopyLeavesTheOriginal() {
        var copy = Self.original
        copy.name = "beta"
        copy.documents.append("alpha/references/b.md")
        #expect(Self.original.name == "alpha")
        #expect(Self.original.documents == ["alpha/references/a.md"])
        #expect(copy.name == "beta")
        #expect(copy.documents == ["alpha/references/a.md", "alpha/references/b.md"])
        #expect(copy != Self.original)
    }

    @Test func skillsWithTheSameFieldsAreEqualAndHashAlike() {
        let same = Skill(name: "alpha", folder: "alpha", skillFile: "alpha/SKILL.md", manifest: nil, documents: ["alpha/references/a.md"])
        #expect(same == Self.original)
        #expect(Set([same, Self.original]).count == 1)
        var renamed = same
        renamed.folder = "other"
        #expect(renamed != Self.original)
        #expect(Set([renamed, Self.original]).count == 2)
    }
}
