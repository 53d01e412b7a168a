import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct RuleNormalizerTests {
    private func tokens(_ text: String) -> [String] {
        let rule = RuleNormalizer.normalize(text, keepingTokens: true)
        #expect(rule.hashes == rule.tokens.map(StableHash.string))
        return rule.tokens
    }

    @Test func foldsCasePunctuationCurlyQuotesAndDashes() {
        #expect(tokens("Don’t use “Activity rings” — ever!") == ["dont", "use", "activity", "rings", "ever"])
        #expect(tokens("don't use \"activity rings\" - ever.") == ["dont", "use", "activity", "rings", "ever"])
        #expect(tokens("Café RÉSUMÉ naïve") == ["cafe", "resume", "naive"])
    }

    @Test func dropsMarkdownSyntaxAndKeepsLinkText() {
        let inlines: [Inline] = [
            .strong([.text("Use")]), .text(" the "),
            .link(Link(destination: "x.md", title: "", children: [.emphasis([.text("system")])],
                       location: SourceLocation(file: "a.md", line: 1))),
            .text(" font."), .html("<br>"),
        ]
        #expect(RuleNormalizer.normalize(inlines, keepingTokens: true).tokens == ["use", "the", "system", "font"])
    }

    @Test func keepsCodeSpansWholeWithTheirCase() {
        let inlines: [Inline] = [.text("Call "), .code(CodeSpan(code: "  URLSession.shared ", location: SourceLocation(file: "a.md", line: 1))),
                                 .text(" once.")]
        #expect(RuleNormalizer.normalize(inlines, keepingTokens: true).tokens == ["call", "`URLSession.shared`", "once"])
    }

    @Test func keepsDecimalsAndSplitsChineseIntoCharacters() {
        #expect(tokens("Allow 1.5 seconds, not 2.") == ["allow", "1.5", "seconds", "not", "2"])
        #expect(tokens("不可误读") == ["不", "可", "误", "读"])
    }

    @Test func splitsSentencesButNotAbbreviationsOrURLs() {
        let rule = RuleNormalizer.normalize("Use short labels, e.g. Save. See example.com for more! Then stop? Yes", keepingTokens: true)
        let sentences = rule.sentences.map { rule.tokens[$0].joined(separator: " ") }
        #expect(sentences == ["use short labels e g save", "see example com for more", "then stop", "yes"])
    }

    @Test func aSentenceEndingAtTheEndOfBoldTextEndsThere() {
        let rule = RuleNormalizer.normalize([.strong([.text("Load images lazily.")]), .text(" Decode them off the main thread.")])
        #expect(rule.sentences.count == 2)
    }

    @Test func countsLinkTokensPerSentence() {
        let link = Link(destination: "https://example.com", title: "", children: [.text("Creating custom views")],
                        location: SourceLocation(file: "a.md", line: 1))
        let rule = RuleNormalizer.normalize([.text("Tint the key line to match your content. For guidance, see "), .link(link), .text(".")])
        #expect(rule.sentences.count == 2)
        #expect(!rule.isReference(0))
        #expect(rule.isReference(1))
    }
}
