import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct AnchorCheckTests {
    @Test func anchorsOfHeadingsRepeatsAndHTMLIdsAreFound() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", """
                ## 1. Query Performance
                ## Notes
                ## Notes
                <a id="custom"></a>
                <span name='legacy'>x</span>

                [q](#1-query-performance) [n](#notes) [n1](#notes-1) [c](#custom) [l](#legacy) [top](#top)
                [ref](references/r.md#r-heading) [gh](#user-content-custom) [x](https://example.com/#nope)
                """),
            "a/references/r.md": "# R heading\n",
        ])
        #expect(fixture.diagnostics("broken-anchor").isEmpty)
    }

    @Test func renumberedTableOfContentsGetsTheNewAnchorSuggested() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "- [Query performance](#1-query-performance)\n\n## 2. Query Performance\n"),
        ])
        let found = fixture.diagnostics("broken-anchor")
        #expect(found.map(\.message) == ["anchor `#1-query-performance` is not in this document"])
        #expect(found.first?.suggestion == "did you mean `#2-query-performance`?")
        #expect(found.first?.location == SourceLocation(file: "a/SKILL.md", line: 7, column: 3))
    }

    @Test func anchorInAnotherFileIsCheckedAndSuggestedWithItsPath() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "[x](references/r.md#instal)\n"),
            "a/references/r.md": "# R\n\n## Install\n",
        ])
        let found = fixture.diagnostics("broken-anchor")
        #expect(found.map(\.message) == ["anchor `#instal` is not in `references/r.md`"])
        #expect(found.first?.suggestion == "did you mean `references/r.md#install`?")
    }

    @Test func shortTableOfContentsEntryGetsTheLongerHeadingSuggested() throws {
        let fixture = try CheckFixture(["a/SKILL.md": skill("a", "[m](#membros)\n\n## Gerenciamento de Membros\n## Membro\n")])
        #expect(fixture.diagnostics("broken-anchor").first?.suggestion == "did you mean `#membro` or `#gerenciamento-de-membros`?")
    }

    @Test func caseOnlyDifferenceIsSaidSo() throws {
        let fixture = try CheckFixture(["a/SKILL.md": skill("a", "[x](#Setup)\n\n## Setup\n")])
        let found = fixture.diagnostics("broken-anchor")
        #expect(found.first?.message == "anchor `#Setup` is not in this document; `#setup` differs only in letter case")
        #expect(found.first?.suggestion == "write `#setup`")
    }

    @Test func headingAttributeIdIsExplainedWithTheRealAnchor() throws {
        let fixture = try CheckFixture(["a/SKILL.md": skill("a", "[x](#mode)\n\n## Mode choice {#mode}\n")])
        let found = fixture.diagnostics("broken-anchor")
        #expect(found.count == 1)
        #expect(found.first?.suggestion?.hasPrefix("write `#mode-choice-mode`") == true)
    }

    @Test func anchorsIntoMissingOrNonMarkdownFilesAreLeftToOtherChecks() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "[x](missing.md#a) [y](script.py#L3)\n"),
            "a/script.py": "print()\n",
        ])
        #expect(fixture.diagnostics("broken-anchor").isEmpty)
        #expect(fixture.diagnostics("broken-link").count == 1)
    }
}
