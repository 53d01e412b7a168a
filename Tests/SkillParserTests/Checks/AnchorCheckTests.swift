import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct AnchorCheckTests {
    /// 2,000 broken links into a document of 2,000 headings: every one is reported, the first get
    /// the nearest headings suggested until the scan budget is spent, and the renumbering
    /// suggestion, a lookup, reaches every link to the last.
    @Test func manyBrokenAnchorsIntoManyHeadingsAreAllReportedWithinTheScanBudget() throws {
        let count = 2_000
        // Topic words without digits, since numbers are what a renumbering suggestion ignores.
        func topic(_ index: Int) -> String {
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return "topic-" + String([letters[index / 26 / 26 % 26], letters[index / 26 % 26], letters[index % 26]])
        }
        let links = (0..<count).map { "- [h](#1-\(topic($0)))" }.joined(separator: "\n")
        let headings = (0..<count).map { "## 2. \(topic($0))" }.joined(separator: "\n\n")
        let fixture = try CheckFixture(["a/SKILL.md": skill("a", links + "\n\n" + headings + "\n")])
        let found = fixture.diagnostics("broken-anchor")
        #expect(found.count == count)
        #expect(found.allSatisfy { $0.suggestion != nil })
        #expect(found.last?.suggestion == "did you mean `#2-\(topic(count - 1))`?")
        #expect(count * count > AnchorIndex.scanBudget, "the budget must run out in this test")
    }

    @Test func anchorsOfHeadingsRepeatsAndHTMLIdsAreFound() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", """
                ## 1. Query Performance
                ## Notes
                ## Notes
                <a id="custom"></a>
                <a name='legacy'>x</a>

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

    @Test func caseOnlyDifferenceIsAWarningThatWorksOnlyOnGitHub() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "[x](#Setup) [y](references/r.md#Install) [z](#user-content-Setup)\n\n## Setup\n"),
            "a/references/r.md": "# R\n\n## Install\n",
        ])
        #expect(fixture.diagnostics("broken-anchor").isEmpty)
        let found = fixture.diagnostics("anchor-case-mismatch")
        #expect(found.map(\.message) == [
            "anchor `#Setup` matches `#setup` only when letter case is ignored",
            "anchor `#Install` matches `#install` only when letter case is ignored",
            "anchor `#user-content-Setup` matches `#setup` only when letter case is ignored",
        ])
        #expect(found.map(\.severity) == [.warning, .warning, .warning])
        #expect(found.map(\.suggestion) == ["write `#setup`", "write `references/r.md#install`", "write `#setup`"])
    }

    @Test func topAndTheGitHubPrefixAreAnchorsOfEveryDocument() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "[t](#top) [T](#TOP) [r](references/r.md#top) [p](#user-content-setup) [q](#user-content-nope)\n\n## Setup\n"),
            "a/references/r.md": "# R\n",
        ])
        #expect(fixture.diagnostics("broken-anchor").map(\.message) == ["anchor `#user-content-nope` is not in this document"])
        #expect(fixture.diagnostics("anchor-case-mismatch").isEmpty)
    }

    @Test func onlyRealHTMLElementsDefineAnchors() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", """
                <div>id=frag and name="old"</div>

                <span name="legacy">x</span> <!-- <a id="commented"></a> -->

                <p id="real">y</p>

                [f](#frag) [o](#old) [l](#legacy) [c](#commented) [r](#real)
                """),
        ])
        #expect(fixture.diagnostics("broken-anchor").map(\.message) == [
            "anchor `#frag` is not in this document", "anchor `#old` is not in this document",
            "anchor `#legacy` is not in this document", "anchor `#commented` is not in this document",
        ])
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
