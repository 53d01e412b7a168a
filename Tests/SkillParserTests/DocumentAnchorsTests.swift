import Testing
@testable import SkillParser

/// `DocumentAnchors.match`: a fragment that differs only in letter case names the first anchor,
/// in document order (headings, then HTML ids), whose lower case it has.
@Suite struct DocumentAnchorsTests {
    private func anchors(_ text: String) -> DocumentAnchors {
        var diagnostics: [Diagnostic] = []
        return DocumentAnchors(MarkdownDocument(path: "a.md", text: text, diagnostics: &diagnostics))
    }

    @Test func aCaseOnlyMatchNamesTheFirstAnchorOfThatLowerCase() {
        // Only mixed-case ids: the first of them.
        let ids = anchors("# T\n\n<a id=\"Intro\"></a>\n\n<a id=\"INTRO\"></a>\n")
        #expect(ids.match("intro") == .caseOnly(id: "Intro"))
        #expect(ids.match("INTRO") == .exact("INTRO"))
        #expect(ids.match("iNtRo") == .caseOnly(id: "Intro"))
        // A heading's lower-case anchor comes before any id: it wins over a mixed-case id.
        let heading = anchors("# T\n\n## Intro\n\n<a id=\"Intro\"></a>\n")
        #expect(heading.match("INTRO") == .caseOnly(id: "intro"))
        // Among ids, document order decides: a mixed-case id before its lower-case twin wins.
        let before = anchors("# T\n\n<a id=\"Setup\"></a>\n\n<a id=\"setup\"></a>\n")
        #expect(before.match("SETUP") == .caseOnly(id: "Setup"))
        let after = anchors("# T\n\n<a id=\"setup\"></a>\n\n<a id=\"Setup\"></a>\n")
        #expect(after.match("SETUP") == .caseOnly(id: "setup"))
        // Beyond ASCII: lower case as Swift has it.
        let german = anchors("# T\n\n<a id=\"Ärger\"></a>\n\n## Übung\n")
        #expect(german.match("ÄRGER") == .caseOnly(id: "Ärger"))
        #expect(german.match("ÜBUNG") == .caseOnly(id: "übung"))
        #expect(german.match("arger") == .missing)
        #expect(heading.match("nothing") == .missing)
        #expect(heading.match("user-content-INTRO") == .caseOnly(id: "intro"))
    }
}
