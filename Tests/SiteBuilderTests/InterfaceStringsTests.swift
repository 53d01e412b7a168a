import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SiteBuilder

/// Every sentence of the interface comes from the theme's strings file: no template or script
/// holds text of its own, counts take the plural forms of the page's language, and a site built
/// in Simplified Chinese shows no string of the English table.
@Suite struct InterfaceStringsTests {
    static let english = InterfaceStrings(theme: .standard, language: "en")
    static let chinese = InterfaceStrings(theme: .standard, language: "zh-Hans")

    @Test func countsTakeThePluralFormsOfTheLanguage() {
        #expect(Self.english.count("skillCount", 1) == "1 skill")
        #expect(Self.english.count("skillCount", 0) == "0 skills")
        #expect(Self.english.count("skillCount", 2) == "2 skills")
        // Chinese has one form, and English's `one` never shows through it.
        #expect(Self.chinese.count("skillCount", 1) == "1 个技能")
        #expect(Self.chinese.count("documentCount", 1) == "1 篇文档")
        #expect(Self.chinese.values["skillCount.one"] == nil)
        #expect(PluralRule.category(of: 0, language: "fr-CA") == .one)
        #expect(PluralRule.category(of: 22, language: "ru") == .few)
        #expect(PluralRule.category(of: 1, language: "ja") == .other)
    }

    @Test func placeholdersAreFilledOnceAndUnknownOnesStay() {
        #expect(InterfaceStrings.fill("{a} and {b}", ["a": "{b}", "b": "x"]) == "{b} and x")
        #expect(InterfaceStrings.fill("{a} {missing} {", ["a": "1"]) == "1 {missing} {")
        // A label filled for every heading is cut once, where `fill` would fill it.
        #expect(InterfaceStrings.pieces("« {heading} » {other} {heading", filling: { $0 == "heading" })
            == [.text("« "), .argument("heading"), .text(" » {other} {heading")])
        #expect(InterfaceStrings.pieces("{heading}", filling: { $0 == "heading" }) == [.argument("heading")])
        #expect(Self.english.list(["a", "b", "c"]) == "a, b, c")
        #expect(Self.chinese.list(["a", "b"]) == "a，b")
    }

    /// A key is a plain string or a count, never both, so `{{strings.key}}` is always text;
    /// every language file writes only keys English has, and every count has an `other` form.
    @Test func theStringFilesAgreeOnTheirKeys() throws {
        let theme = Theme.standard
        let languageFiles = theme.files.keys.filter { $0.hasPrefix("strings/") && $0.hasSuffix(".strings") }.sorted()
        #expect(languageFiles.contains("strings/zh-Hans.strings"))
        let englishKeys = Set(InterfaceStrings.parse(theme.files["strings/en.strings"]).keys)
        let counts = Set(englishKeys.compactMap(InterfaceStrings.countKey))
        #expect(counts.isDisjoint(with: englishKeys), "keys both plain and counted: \(counts.intersection(englishKeys).sorted())")
        for file in languageFiles {
            let keys = InterfaceStrings.parse(theme.files[file]).keys
            let unknown = keys.filter { key in
                !englishKeys.contains(key) && !(InterfaceStrings.countKey(key).map(counts.contains) ?? false)
            }
            #expect(unknown.isEmpty, "\(file) has keys English does not: \(unknown.sorted())")
            for count in Set(keys.compactMap(InterfaceStrings.countKey)) {
                #expect(keys.contains(count + ".other"), "\(file): \(count) has no `other` form")
            }
        }
        // Every string of the English table is translated (a proper name may stay as it is).
        let chinese = InterfaceStrings.parse(theme.files["strings/zh-Hans.strings"])
        let missing = englishKeys.filter { key in
            InterfaceStrings.countKey(key).map { chinese["\($0).other"] == nil } ?? (chinese[key] == nil)
        }
        #expect(missing.isEmpty, "zh-Hans.strings lacks \(missing.sorted())")
    }

    /// No template writes a word of its own: text between tags and the labels people read
    /// (`aria-label`, `title`, `placeholder`, `alt`, `data-*` sentences for the scripts) are
    /// all `{{…}}`.
    @Test func templatesHoldNoTextOfTheirOwn() {
        for (path, data) in Theme.standard.files where path.hasSuffix(".mustache") {
            let source = String(decoding: data, as: UTF8.self)
            let withoutTags = source.replacing(/\{\{\{?[^}]*\}?\}\}/, with: "")
            var problems: [String] = []
            for match in withoutTags.matches(of: /(?:aria-label|title|placeholder|alt|data-[a-z-]+)="([^"]*)"/) {
                if match.output.1.contains(where: \.isLetter) { problems.append(String(match.output.0)) }
            }
            let text = withoutTags.replacing(/<[^>]*>/, with: " ")
            for word in text.split(whereSeparator: \.isWhitespace) where word.contains(where: \.isLetter) {
                problems.append(String(word))
            }
            #expect(problems.isEmpty, "\(path) holds text outside the strings file: \(problems)")
        }
    }

    /// The scripts show only sentences the page gives them: no string literal of a script reads
    /// like a sentence ("No results", "Copy the code").
    @Test func scriptsHoldNoSentences() {
        for (path, data) in Theme.standard.files where path.hasPrefix("assets/") && path.hasSuffix(".js") && !path.contains("highlight") {
            let source = String(decoding: data, as: UTF8.self)
            let code = source.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            let sentences = code.matches(of: /"([A-Z][a-z]+(?: [a-z]+)+[^"]*)"/).map { String($0.output.1) }
            #expect(sentences.isEmpty, "\(path) shows its own sentences: \(sentences)")
        }
    }

    /// A Chinese collection large enough for every part of the interface (compact home page,
    /// catch-all groups split by letter, the sidebar's "all skills" link, report detail pages,
    /// the group graph), with code, tables, task lists, broken links and images: its site holds
    /// no string of the English table and no English word the collection did not bring.
    @Test func aChineseSiteShowsNoEnglishInterfaceText() throws {
        var files: [String: String] = [
            "skillbook.yml": "language: zh-Hans\n",
            "README.md": "# 界面技能\n\n本合集收录界面设计技能。\n",
            "notes.md": "# 笔记\n\n松散的文档。\n",
        ]
        let count = 155
        for index in 0..<count {
            let name = String(format: "skill-%03d", index)
            let other = String(format: "skill-%03d", (index + 1) % count)
            files["\(name)/SKILL.md"] = """
                ---
                name: \(name)
                description: 用于检查界面颜色对比度的技能，第 \(index) 个。
                ---
                # 技能 \(index)

                参见 `\(other)` 和 [参考](references/guide.md)、[缺失](references/missing.md)、[锚点](references/guide.md#没有)。

                - [x] 已检查
                - [ ] 待检查

                | 名称 | 说明 |
                |---|---|
                | 甲 | 乙 |

                ```swift
                let 颜色 = 1
                ```

                ![图](missing.png)

                """
            files["\(name)/references/guide.md"] = "# 指南\n\n正文。\n"
            files["\(name)/references/deep/more.md"] = "# 更多\n\n正文。\n"
        }
        let tree = try FixtureTree(files)
        let config = CollectionConfig.load(root: tree.path).0
        let graph = try CollectionLoader.load(root: tree.path, config: config)
        let diagnostics = CheckRunner.run(graph: graph, config: config)
        #expect(diagnostics.count > 300)
        let clusters = (0..<30).map { cluster in
            DuplicateGroup(title: "重复的规则 \(cluster)", detail: "相似", members: (0..<40).map { member in
                DuplicateGroup.Member(location: SourceLocation(file: String(format: "skill-%03d/SKILL.md", member), line: 6, column: 1),
                                      text: "重复的规则。", note: "相近")
            })
        }
        let output = SiteFixtures.temporaryPath()
        defer { SiteFixtures.removeTemporary(output) }
        try SiteFixtures.build(tree.path, into: output, diagnostics: diagnostics, duplicates: clusters)
        let pages = SiteFixtures.files(in: output).filter { $0.hasSuffix(".html") }
        #expect(pages.contains { $0.hasPrefix("reports/diagnostics/") })
        #expect(pages.contains { $0.hasPrefix("reports/duplicates/") })

        // Words the collection brought: its names, paths and check codes, and proper names.
        var allowed: Set<String> = ["Skillbook", "Markdown", "SKILL", "md", "JavaScript", "Ctrl", "swift", "png", "html"]
        for (path, text) in files { allowed.formUnion(Self.words(in: path + " " + text)) }
        for diagnostic in diagnostics { allowed.formUnion(Self.words(in: diagnostic.code)) }
        // The English table's fragments: what a string says between its placeholders.
        let fragments = Set(Self.english.values.values.flatMap { value in
            value.split(separator: /\{[a-z]+\}/).map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)) }
        }.filter { $0.filter(\.isLetter).count >= 4 && !allowed.contains($0) })

        var untranslated: [String: Set<String>] = [:]
        for page in pages {
            let text = Self.interfaceText(try SiteFixtures.read(output, page))
            let words = Self.words(in: text)
            for fragment in fragments where text.contains(fragment) {
                // Whole words only: "Skill" is not in "Skillbook".
                let fragmentWords = fragment.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 }
                if fragmentWords.allSatisfy(words.contains) { untranslated[page, default: []].insert("“\(fragment)”") }
            }
            for word in words where !allowed.contains(word) { untranslated[page, default: []].insert(word) }
        }
        let report = untranslated.keys.sorted().prefix(8).map { "\($0): \(untranslated[$0]!.sorted().joined(separator: " "))" }
        #expect(report.isEmpty, "English left in the Chinese site (\(untranslated.count) pages):\n\(report.joined(separator: "\n"))")
    }

    /// ASCII words of three letters or more.
    static func words(in text: String) -> Set<String> {
        Set(text.matches(of: /[A-Za-z]{3,}/).map { String($0.output) })
    }

    /// What a reader sees or hears of a page's interface: text and the labelling attributes,
    /// without the checker's own messages (the reports quote `check`, which speaks English),
    /// code, scripts and styles.
    static func interfaceText(_ html: String) -> String {
        var page = html
        let patterns: [Regex<Substring>] = [
            #/<script[\s\S]*?<\/script>/#, #/<style[\s\S]*?<\/style>/#, #/<code[\s\S]*?<\/code>/#, #/<pre[\s\S]*?<\/pre>/#,
            #/<span class="message">[\s\S]*?<\/span>/#, #/<p class="suggestion">[\s\S]*?<\/p>/#, #/<ul class="notes">[\s\S]*?<\/ul>/#,
            // A broken link's tooltip ends with the checker's reason.
            #/class="broken-link" title="[^"]*"/#,
        ]
        for pattern in patterns {
            page = page.replacing(pattern, with: " ")
        }
        var text = page.matches(of: /(?:aria-label|title|placeholder|alt|data-[a-z-]+)="([^"]*)"/)
            .filter { !$0.output.0.hasPrefix("data-severity") && !$0.output.0.hasPrefix("data-skill") && !$0.output.0.hasPrefix("data-list") }
            .map { String($0.output.1) }.joined(separator: "\n")
        text += "\n" + page.replacing(/<[^>]*>/, with: " ")
        // The scripts' sentences keep their `{count}` placeholders, which are names, not words.
        return text.replacing(/\{[a-z]+\}/, with: " ").replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
    }
}
