import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct LinkTargetCheckTests {
    static let codes: Set<String> = ["broken-link", "link-case-mismatch", "link-outside-root", "empty-link", "site-absolute-link"]

    @Test func existingTargetsInEveryWrittenFormAreFine() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", """
                [plain](references/guide.md) [dot](./references/guide.md) [anchor](references/guide.md#intro)
                [angle](<references/my guide.md>) [encoded](references/my%20guide.md) [title](references/guide.md "Guide")
                [query](references/guide.md?plain=1) [parens](references/guide(v2).md) [folder](references/)
                [up](../b/SKILL.md) ![image](assets/logo.png) [web](https://example.com/x.md) [mail](mailto:a@b.c)
                [same](#a)
                """),
            "a/references/guide.md": "# Intro\n",
            "a/references/my guide.md": "# Mine\n",
            "a/references/guide(v2).md": "# Two\n",
            "a/assets/logo.png": "png",
            "b/SKILL.md": skill("b", "[a](../a/SKILL.md)"),
        ])
        #expect(fixture.found(Self.codes).isEmpty)
    }

    @Test func missingTargetIsBrokenWithTheNearestFileSuggested() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "See [patterns](references/paterns.md) and [guide](guide.md).\n"),
            "a/references/patterns.md": "# Patterns\n",
            "a/references/guide.md": "# Guide\n",
        ])
        let broken = fixture.diagnostics("broken-link")
        #expect(broken.map(\.location.line) == [7, 7])
        #expect(broken.map(\.message) == ["link target `references/paterns.md` does not exist", "link target `guide.md` does not exist"])
        #expect(broken[0].suggestion == "did you mean `references/patterns.md`?")
        #expect(broken[1].suggestion == "did you mean `references/guide.md`?")
        #expect(broken.allSatisfy { $0.severity == .error })
    }

    @Test func backslashesAndAMissingExtensionAreSuggestedAway() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", #"[x](references\\guide.md) [y](references/guide)"# + "\n"),
            "a/references/guide.md": "# Guide\n",
        ])
        #expect(fixture.diagnostics("broken-link").map(\.suggestion) == [
            "did you mean `references/guide.md`?", "did you mean `references/guide.md`?",
        ])
    }

    @Test func targetWithOtherLetterCaseIsACaseMismatch() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "[x](References/Guide.md)\n"),
            "a/references/guide.md": "# Guide\n",
        ])
        let found = fixture.diagnostics("link-case-mismatch")
        #expect(found.count == 1)
        #expect(found.first?.suggestion == "write `references/guide.md`")
        #expect(fixture.diagnostics("broken-link").isEmpty)
    }

    @Test func linkLeavingTheRootIsReportedNotResolved() throws {
        let fixture = try CheckFixture(["a/SKILL.md": skill("a", "[readme](../../README.md) [sibling](../b.md)\n"), "b.md": "# B\n"])
        #expect(fixture.found(Self.codes) == ["a/SKILL.md:7:1 link-outside-root"])
    }

    @Test func emptyDestinationIsAnEmptyLink() throws {
        let fixture = try CheckFixture(["a/SKILL.md": skill("a", "[todo]() and [top](#)\n")])
        #expect(fixture.found(Self.codes) == ["a/SKILL.md:7:1 empty-link"])
    }

    @Test func siteAbsoluteLinkWarnsUnlessASiteRootIsConfigured() throws {
        let fixture = try CheckFixture([
            "docs/setup.md": "# Setup\n",
            "a/SKILL.md": skill("a", "[setup](/docs/setup.md) [gone](/docs/gone.md)\n"),
        ])
        // Without site_root, `/` is the content root, as where the site is served: a working
        // link is a warning, a missing target is broken as for the site.
        let warnings = fixture.diagnostics("site-absolute-link")
        #expect(warnings.count == 1)
        #expect(fixture.diagnostics("broken-link").map(\.message) == ["link target `/docs/gone.md` does not exist"])
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.suggestion == "write `../docs/setup.md`, relative to this file")

        var config = CollectionConfig()
        config.siteRoot = "."
        let configured = try CheckFixture(fixture, config: config)
        #expect(configured.found(Self.codes, config: config) == ["a/SKILL.md:7:25 broken-link"])
    }
}

/// Raw HTML in Markdown is checked like Markdown links and images.
@Suite struct RawHTMLLinkTests {
    @Test func hrefSrcAndSrcsetAreCheckedLikeMarkdown() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", """
                <p align="center"><img src="img/logo.png" alt="logo"> <img src="img/gone.png"></p>

                <picture><source srcset="img/dark.png 2x, img/missing-dark.png 1x"><img src="img/logo.png"></picture>

                Inline <a href="references/r.md#part">part</a> and <a href="references/nope.md">nope</a>.

                <a href="references/r.md#Part">case</a> <a href="javascript:alert(1)">js</a>
                """),
            "a/img/logo.png": "png",
            "a/img/dark.png": "png",
            "a/references/r.md": "# R\n\n## Part\n",
        ])
        let codes: Set<String> = ["broken-link", "broken-anchor", "anchor-case-mismatch", "unsafe-link"]
        #expect(fixture.found(codes) == [
            "a/SKILL.md:7:1 broken-link",
            "a/SKILL.md:9:1 broken-link",
            "a/SKILL.md:11:1 broken-link",
            "a/SKILL.md:13:1 anchor-case-mismatch",
            "a/SKILL.md:13:1 unsafe-link",
        ])
        #expect(fixture.diagnostics("broken-link").map(\.message) == [
            "link target `img/gone.png` does not exist",
            "link target `img/missing-dark.png` does not exist",
            "link target `references/nope.md` does not exist",
        ])
    }

    @Test func aFolderWithoutAPageIsAFolderLink() throws {
        let fixture = try CheckFixture([
            "a/SKILL.md": skill("a", "[assets](assets/) [skill b](../b) [docs](../docs)\n"),
            "a/assets/x.png": "png",
            "b/SKILL.md": skill("b"),
            "docs/README.md": "# Docs\n",
        ])
        #expect(fixture.found(["folder-link", "broken-link"]) == ["a/SKILL.md:7:1 folder-link"])
    }
}
