import Foundation
import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillParser

@Suite struct CheckSupportTests {
    @Test(arguments: [
        ("drafts/**", "drafts/a/SKILL.md", true), ("drafts", "drafts/a.md", true), ("drafts/", "drafts/a.md", true),
        ("drafts/**", "drafted/a.md", false), ("*.md", "README.md", true), ("*.md", "a/README.md", false),
        ("**/README.md", "README.md", true), ("**/README.md", "a/b/README.md", true), ("a/*/SKILL.md", "a/b/SKILL.md", true),
        ("a/*/SKILL.md", "a/b/c/SKILL.md", false), ("a?c.md", "abc.md", true), ("a?c.md", "a/c.md", false),
    ])
    func globs(pattern: String, path: String, matches: Bool) {
        #expect(Glob(pattern).matches(path) == matches)
    }

    @Test func editDistanceCountsASwapAsOneEdit() {
        #expect(EditDistance.between("hig-foundations", "hig-fonudations") == 1)
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("kitten", "sitting", limit: 2) == nil)
        #expect(EditDistance.between("", "abc") == 3)
    }

    @Test func deletionIndexFindsTheSameNamesAsAFullScan() {
        let names = ["hig-foundations", "hig-patterns", "incident-responder", "react", "a-b"]
        let index = DeletionIndex(names, twoEditLength: 10)
        for word in ["hig-fundations", "hig-pattrens", "incident-respond", "raect", "b-a", "zzz"] {
            let limit = word.count >= 10 ? 2 : 1
            let expected = names.compactMap { name in EditDistance.between(word, name, limit: limit).map { (name, $0) } }
                .filter { $0.1 > 0 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
            #expect(index.near(word, limit: limit).map(\.name) == expected, "\(word)")
        }
    }

    /// Enough names that the index's lookups go through many hash prefixes.
    @Test func deletionIndexFindsTheSameNamesAsAFullScanAmongThousands() {
        let parts = ["data", "react", "cloud", "agent", "test", "design", "api", "security", "review", "deploy",
                     "kubernetes", "python", "swift", "docs", "planner", "incident", "monitor", "stripe"]
        var names: [String] = []
        for first in parts { for second in parts where second != first { for third in ["", "-pro", "-expert", "-kit"] {
            names.append("\(first)-\(second)\(third)")
        } } }
        let index = DeletionIndex(names)
        var words = names.enumerated().filter { $0.offset % 37 == 0 }.map { offset, name in
            var scalars = Array(name)
            scalars.swapAt(1, 2)  // a swap of neighbours
            if offset % 2 == 0 { scalars.remove(at: scalars.count / 2) }  // and a deletion
            return String(scalars)
        }
        words += ["zzzz-zzzz", "data-react", "dtaa-react", "cloud-agent-pr"]
        for word in words {
            let limit = word.count >= 16 ? 2 : 1
            let expected = names.compactMap { name in EditDistance.between(word, name, limit: limit).map { (name, $0) } }
                .filter { $0.1 > 0 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
            #expect(index.near(word, limit: limit).map(\.name) == expected, "\(word)")
        }
        #expect(words.contains { !index.near($0, limit: $0.count >= 16 ? 2 : 1).isEmpty })
    }

    @Test func htmlAnchorsAreReadFromRealElementsInAnyQuotingAndCase() {
        let html = #"<a ID="one"></a><a name='two' data-id="no"></a><div id=three class=x>id=frag name=x</div><span name="four">"#
        #expect(DocumentAnchors.htmlIDs(in: html) == ["one", "two", "three"])
        #expect(DocumentAnchors.htmlIDs(in: "<!-- <a id=\"gone\"> --><p>text id=\"nope\"</p>") == [])
    }

    @Test func suppressionCommentsAreParsed() {
        #expect(Suppressions.codes(in: "<!-- skillbook-disable-next-line broken-link, unknown-skill -->\n") == ["broken-link", "unknown-skill"])
        #expect(Suppressions.codes(in: "<!-- skillbook-disable-next-line -->") == [])
        #expect(Suppressions.codes(in: "<!-- skillbook-disable-next-linewhatever -->") == nil)
        #expect(Suppressions.codes(in: "<!-- a comment -->") == nil)
    }

    @Test func fileNamesAreReadWhole() {
        let names = DocumentText.markdownFileNames(in: "read rest-api.md, `references/b_c.md` and (x.md) not .md")
        #expect(names == ["rest-api.md", "b_c.md", "x.md"])
    }
}

/// Skill names are compared in NFKC; ASCII text is its own (`compatibilityForm`'s shortcut).
@Suite struct CompatibilityFormTests {
    @Test(arguments: ["pdf-tools", "Pdf Tools\t", "", "a/b", "\u{FB01}le-tools", "cafe\u{301}", "ｐｄｆ", "e\u{301}\u{1E9B}\u{323}"])
    func theFormIsFoundationsNFKC(text: String) {
        #expect(text.compatibilityForm == text.precomposedStringWithCompatibilityMapping)
        #expect(Substring(text).compatibilityForm == text.precomposedStringWithCompatibilityMapping)
    }
}
