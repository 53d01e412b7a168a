import SkillDuplicates
import TestSupport

/// Chooses edits from a seed, each from the collection as it is now: a paragraph added, a
/// heading others link to renamed, added or removed, a title or frontmatter field changed, a
/// reference or a whole skill added, removed or renamed, links (good and broken) added or taken
/// away, a rule stated again or dropped, skillbook.yml rewritten, the theme changed, an SVG
/// image redrawn. The same seed and collection give the same edits.
struct EditGenerator {
    let contentRoot: String
    let theme: String?
    private var random: SeededGenerator

    init(seed: UInt64, contentRoot: String, theme: String?) {
        random = SeededGenerator(seed: seed)
        self.contentRoot = contentRoot
        self.theme = theme
    }

    static let words = ["install", "steps", "colour", "contrast", "layout", "usage", "errors", "setup",
                        "review", "testing", "naming", "release", "cache", "search", "calling", "rules"]
    static let rules = [
        DifferentialFixture.rule,
        "- Never store passwords in plain text, even in a local development database.\n",
        "- Keep body text at a contrast ratio of at least 4.5 to 1 against its background.\n",
        // Near and contained restatements of the first rule, so clusters grow, shrink and merge.
        "- Always validate the input schema before you write any records to the production database.\n",
        "- Before every deployment, always validate the input schema before writing any records to the production database, and log the result.\n",
    ]

    mutating func next(_ files: [String: String]) -> CollectionEdit {
        let view = CollectionView(files: files, contentRoot: contentRoot)
        // Edits that change one file's pages weigh three times those that remake the whole site
        // (skills added, removed or renamed, the configuration, the theme), so that most rebuilds
        // reuse pages and a key that forgets an input shows.
        let local: [(inout EditGenerator, CollectionView) -> CollectionEdit?] = [
            { $0.paragraph($1) }, { $0.renameHeading($1) }, { $0.addHeading($1) }, { $0.removeHeading($1) },
            { $0.retitle($1) }, { $0.frontmatter($1) }, { $0.addReference($1) }, { $0.removeFile($1) },
            { $0.moveReference($1) }, { $0.addLink($1) }, { $0.brokenLink($1) }, { $0.removeLink($1) },
            { $0.addRule($1) }, { $0.removeRule($1) }, { $0.codeSpan($1) }, { $0.image($1) }, { $0.related($1) },
            { $0.parseProblem($1) }, { $0.linkedFile($1) }, { $0.looseDocument($1) },
            { $0.rewordRule($1) },
        ]
        let global: [(inout EditGenerator, CollectionView) -> CollectionEdit?] = [
            { $0.addSkill($1) }, { $0.removeSkill($1) }, { $0.renameSkill($1) }, { $0.configuration($1) },
            { $0.themeChange($1) },
        ]
        let kinds = local + local + local + global
        for _ in 0..<20 {
            if let edit = kinds[pick(kinds.count)](&self, view) { return edit }
        }
        return paragraph(view) ?? .write(contentRoot + "/new.md", "# New\n")
    }

    // MARK: - Choices

    private mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }
    private mutating func element<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[pick(items.count)] }
    private mutating func chance(_ percent: Int) -> Bool { pick(100) < percent }
    private mutating func word() -> String { Self.words[pick(Self.words.count)] }
    private mutating func phrase() -> String { word().capitalized + " " + word() }

    // MARK: - Edits

    private mutating func paragraph(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown) else { return nil }
        return .append(path, "\nA new paragraph on \(word()) and \(word()).\n")
    }

    private mutating func renameHeading(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown), let line = element(view.headings(in: path)) else { return nil }
        let level = line.prefix { $0 == "#" }
        return .replace(path, line + "\n", level + " " + phrase() + "\n")
    }

    private mutating func addHeading(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown) else { return nil }
        return .append(path, "\n## \(phrase())\n\nAbout \(word()).\n")
    }

    private mutating func removeHeading(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown),
              let line = element(view.headings(in: path).filter { $0.hasPrefix("##") }) else { return nil }
        return .replace(path, line + "\n", "")
    }

    private mutating func retitle(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown),
              let line = view.headings(in: path).first(where: { $0.hasPrefix("# ") }) else { return nil }
        return .replace(path, line + "\n", "# " + phrase() + "\n")
    }

    private mutating func frontmatter(_ view: CollectionView) -> CollectionEdit? {
        guard let skill = element(view.skills), let text = view.files[skill + "/SKILL.md"] else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch pick(3) {
        case 0:
            guard let line = lines.first(where: { $0.hasPrefix("name:") }) else { return nil }
            let folder = String(skill.split(separator: "/").last ?? "")
            let name = chance(50) ? folder : word() + "-" + word()
            return .replace(skill + "/SKILL.md", line + "\n", "name: \(name)\n")
        case 1:
            guard let line = lines.first(where: { $0.hasPrefix("description:") }) else { return nil }
            return .replace(skill + "/SKILL.md", line + "\n", "description: \(phrase()) for \(word()).\n")
        default:
            guard let line = lines.first(where: { $0.hasPrefix("description:") }) else { return nil }
            return .replace(skill + "/SKILL.md", line + "\n", line + "\nmetadata:\n  category: \(word())\n")
        }
    }

    private mutating func addReference(_ view: CollectionView) -> CollectionEdit? {
        guard let skill = element(view.skills) else { return nil }
        let path = skill + "/references/" + word() + "-" + word() + ".md"
        var body = "# \(phrase())\n\n## \(phrase())\n\nSome text on \(word()).\n"
        if let target = element(view.markdown) { body += "\nSee [there](\(view.link(from: path, to: target))).\n" }
        return .write(path, body)
    }

    private mutating func removeFile(_ view: CollectionView) -> CollectionEdit? {
        let candidates = view.files.keys.sorted().filter {
            $0.hasPrefix(contentRoot + "/") && !$0.hasSuffix("skillbook.yml")
        }.filter { !$0.hasSuffix("/SKILL.md") || chance(15) }
        return element(candidates).map { .remove($0) }
    }

    private mutating func moveReference(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown.filter { !$0.hasSuffix("/SKILL.md") }) else { return nil }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        return .move(path, folder + "/" + word() + ".md")
    }

    private mutating func addSkill(_ view: CollectionView) -> CollectionEdit? {
        let name = word() + "-" + word()
        var body = "---\nname: \(name)\ndescription: \(phrase()) for \(word()).\n---\n# \(phrase())\n\nText.\n"
        if let other = element(view.skills) {
            let otherName = String(other.split(separator: "/").last ?? "")
            body += "\nSee `\(otherName)` and [its page](\(view.link(from: contentRoot + "/\(name)/SKILL.md", to: other + "/SKILL.md"))).\n"
        }
        return .write(contentRoot + "/\(name)/SKILL.md", body)
    }

    private mutating func removeSkill(_ view: CollectionView) -> CollectionEdit? {
        guard view.skills.count > 2 else { return nil }
        return element(view.skills).map { .remove($0) }
    }

    private mutating func renameSkill(_ view: CollectionView) -> CollectionEdit? {
        guard let skill = element(view.skills) else { return nil }
        return .move(skill, contentRoot + "/" + word() + "-" + word())
    }

    private mutating func addLink(_ view: CollectionView) -> CollectionEdit? {
        guard let from = element(view.markdown), let to = element(view.markdown) else { return nil }
        var target = view.link(from: from, to: to)
        if let heading = element(view.headings(in: to)) { target += "#" + CollectionView.slug(heading) }
        return .append(from, "\nSee [\(word())](\(target)).\n")
    }

    private mutating func brokenLink(_ view: CollectionView) -> CollectionEdit? {
        guard let from = element(view.markdown), let to = element(view.markdown) else { return nil }
        let target = chance(50) ? view.link(from: from, to: to) + "#no-" + word() : "missing-\(word()).md"
        return .append(from, "\nSee [\(word())](\(target)).\n")
    }

    private mutating func removeLink(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown), let link = element(view.links(in: path)) else { return nil }
        let text = link.dropFirst().prefix { $0 != "]" }
        return .replace(path, link, String(text))
    }

    private mutating func addRule(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown), let rule = element(Self.rules) else { return nil }
        return .append(path, "\n" + rule)
    }

    /// A word of a rule changed, so that it is near, not exact, to its restatements.
    private mutating func rewordRule(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown),
              let rule = element(Self.rules.filter { view.files[path]?.contains($0) == true }) else { return nil }
        let words = rule.split(separator: " ").map(String.init)
        // Not the bullet and not the last word, which carries the line's end.
        let position = 1 + pick(words.count - 2)
        var changed = words
        changed[position] = word()
        return .replace(path, rule, changed.joined(separator: " "))
    }

    private mutating func removeRule(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown) else { return nil }
        guard let rule = element(Self.rules.filter { view.files[path]?.contains($0) == true }) else { return nil }
        return .replace(path, rule, "")
    }

    private mutating func configuration(_ view: CollectionView) -> CollectionEdit? {
        var lines = ["title: \(phrase())"]
        if chance(40) { lines.append("description: A collection on \(word()).") }
        if chance(30) { lines.append("base_url: https://example.org/\(word())/") }
        if chance(50) { lines.append("duplicate_rules: true") }
        if chance(25) { lines.append("severity: {broken-anchor: warning, unterminated-frontmatter: off, invalid-yaml: warning}") }
        if chance(25) { lines.append("groups: {Tools: [\"\(word())-*\", \"beta\"]}") }
        if chance(20) { lines.append("related_headings: [\"See also\"]") }
        if chance(15) { lines.append("language: zh-Hans") }
        if chance(15) { lines.append("ignore: [\"**/notes.md\"]") }
        if chance(15) { lines.append("exclude: [\"gamma/**\"]") }
        return .write(contentRoot + "/skillbook.yml", lines.joined(separator: "\n") + "\n")
    }

    private mutating func themeChange(_ view: CollectionView) -> CollectionEdit? {
        guard let theme else { return nil }
        switch pick(4) {
        case 0: return .append(theme + "/skill.mustache", "<!-- \(word()) -->\n")
        case 1: return .write(theme + "/document.mustache", TestPaths.defaultThemeFile("document.mustache") + "<!-- \(word()) -->\n")
        case 2: return .remove(theme + "/skill.mustache")
        default: return .append(theme + "/assets/site.css", ".\(word()) { color: red; }\n")
        }
    }

    private mutating func codeSpan(_ view: CollectionView) -> CollectionEdit? {
        guard let from = element(view.markdown) else { return nil }
        let named: String
        switch pick(3) {
        case 0: named = element(view.markdown).map { view.link(from: from, to: $0) } ?? "x.md"
        case 1: named = "references/\(word()).md"
        default: named = element(view.skills).map { String($0.split(separator: "/").last ?? "") } ?? "alpha"
        }
        return .append(from, "\nThe code names `\(named)`.\n")
    }

    private mutating func image(_ view: CollectionView) -> CollectionEdit? {
        let images = view.files.keys.sorted().filter { $0.hasPrefix(contentRoot + "/") && $0.hasSuffix(".svg") }
        if chance(50), let svg = element(images) {
            let colour = element(["red", "blue", "green", "black"]) ?? "red"
            return .write(svg, #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="\#(colour)"/></svg>"# + "\n")
        }
        guard let from = element(view.markdown), let svg = element(images + [contentRoot + "/alpha/references/diagram.svg"]) else { return nil }
        return .append(from, "\n![a picture](\(view.link(from: from, to: svg)))\n")
    }

    /// A problem the parser reports: frontmatter never closed, YAML that does not parse, a line
    /// too long to parse (the file then has no page); and the way back.
    private mutating func parseProblem(_ view: CollectionView) -> CollectionEdit? {
        guard let path = element(view.markdown) else { return nil }
        let text = view.files[path] ?? ""
        switch pick(4) {
        case 0:
            guard !text.hasPrefix("---") else { return nil }
            return .write(path, "---\nsummary: \(word())\n\n" + text)
        case 1:
            return .replace(path, "description: ", "description: [\(word()), ")
        case 2:
            return .append(path, "\n" + String(repeating: word() + " ", count: 1_700) + "\n")
        default:
            guard let line = text.split(separator: "\n").first(where: { $0.count > 10_000 }) else { return nil }
            return .replace(path, line + "\n", "")
        }
    }

    /// A file that is not Markdown, linked from a document: the site copies it (an HTML file as
    /// text); written anew with other bytes, or linked for the first time.
    private mutating func linkedFile(_ view: CollectionView) -> CollectionEdit? {
        guard let skill = element(view.skills), let name = element(["scripts/run.sh", "assets/page.html", "data/table.csv"]) else {
            return nil
        }
        let path = skill + "/" + name
        if chance(50) { return .write(path, "\(word()) \(word())\n") }
        guard let from = element(view.markdown) else { return nil }
        return .append(from, "\nRun [the \(word())](\(view.link(from: from, to: path))).\n")
    }

    /// A Markdown file outside any skill, sometimes at a path the site uses for its own pages.
    private mutating func looseDocument(_ view: CollectionView) -> CollectionEdit? {
        guard let name = element(["search.md", "404.md", "index.md", "notes.md", "docs/guide.md"]) else { return nil }
        return .write(contentRoot + "/" + name, "# \(phrase())\n\nLoose text on \(word()).\n")
    }

    private mutating func related(_ view: CollectionView) -> CollectionEdit? {
        guard let skill = element(view.skills), let other = element(view.skills) else { return nil }
        let name = String(other.split(separator: "/").last ?? "")
        return .append(skill + "/SKILL.md", "\n## Related skills\n\n- \(name): see it too\n")
    }
}
