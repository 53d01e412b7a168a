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

    /// The banded distance is the whole table's (optimal string alignment) wherever that is within
    /// the limit, and `nil` wherever it is not: pairs of random words over a small alphabet, so that
    /// near and far pairs, swaps and repeats all occur, at every limit from 0 to past their lengths.
    @Test func editDistanceWithinALimitIsTheWholeTables() {
        func whole(_ a: [Character], _ b: [Character]) -> Int {
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { table[i][0] = i }
            for j in 0...b.count { table[0][j] = j }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    table[i][j] = min(table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), table[i - 1][j] + 1, table[i][j - 1] + 1)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
                }
            }
            return table[a.count][b.count]
        }
        var generator = SystemRandomNumberGenerator()
        let random = { (bound: Int) in Int.random(in: 0..<bound, using: &generator) }
        for _ in 0..<3000 {
            let a = (0..<random(12)).map { _ in Array("abcd")[random(4)] }
            var b = a
            for _ in 0..<random(6) {
                switch random(4) {
                case 0 where !b.isEmpty: b.remove(at: random(b.count))
                case 1: b.insert(Array("abcde")[random(5)], at: random(b.count + 1))
                case 2 where !b.isEmpty: b[random(b.count)] = Array("abcde")[random(5)]
                case 3 where b.count > 1: let at = random(b.count - 1); b.swapAt(at, at + 1)
                default: break
                }
            }
            let distance = whole(a, b)
            for limit in [0, 1, 2, 3, 5, 20, Int.max] {
                #expect(EditDistance.between(a, b, limit: limit) == (distance <= limit ? distance : nil),
                        "\(String(a)) -> \(String(b)), limit \(limit)")
            }
        }
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
