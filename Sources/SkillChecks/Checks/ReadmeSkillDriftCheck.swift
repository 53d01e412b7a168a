import SkillParser

/// Fires when the root README has a list or table of skills that has drifted from the
/// collection (`readme-skill-drift`): an entry that names a skill the collection does not have,
/// or a skill that no such list names.
///
/// A list or table is a list of skills when at least two of its entries, and at least half,
/// name skills of the collection. An entry names a skill by a link to the skill's folder or
/// SKILL.md, or by its first code span, bold text, link text or word.
struct ReadmeSkillDriftCheck: DigestedCheck {
    static let readmeNames = ["README.md", "readme.md", "Readme.md"]

    let codes = [
        CodeInfo("readme-skill-drift", .warning, summary: "the README's list of skills names a skill that is gone, or misses one",
                 explanation: """
                    Many collections list their skills in the README, in a table or a bulleted list. That \
                    list is the first thing a visitor reads, and it goes stale: a skill is added without a \
                    row, or renamed or removed while its row stays.

                    Add a row for the missing skill, or fix or remove the row that names no skill. A list \
                    counts as a list of skills when at least two of its entries, and at least half, name \
                    skills of the collection.
                    """),
    ]

    /// One entry of a list or table: what it names and where.
    struct Entry {
        var name: String
        var location: SourceLocation
        /// Named by a link to a path (rather than by text): a missing target is surely a skill.
        var byPath: Bool
    }

    func run(_ context: CheckContext) -> [Diagnostic] {
        guard let readme = Self.readmeNames.lazy.compactMap({ context.graph.document(at: $0) }).first else { return [] }
        let known = Set(context.graph.skills.map(\.name))
        var listed = Set<String>()
        var firstList: SourceLocation?
        var result: [Diagnostic] = []
        for group in Self.entryGroups(in: readme.markdown.blocks, context: context) {
            let naming = group.filter { context.isKnownSkill($0.name) }
            guard naming.count >= 2, naming.count * 2 >= group.count else { continue }
            firstList = firstList ?? group.first?.location
            listed.formUnion(naming.map(\.name))
            for entry in group where !context.isKnownSkill(entry.name) && (entry.byPath || Self.readsAsSkillName(entry.name)) {
                let near = NearestNames.suggest(entry.name, among: context.sortedSkillNames, count: 1)
                result.append(Diagnostic(.warning, code: "readme-skill-drift",
                                         "the README lists `\(entry.name)`, which is not a skill of this collection",
                                         at: entry.location,
                                         suggestion: near.first.map { "did you mean `\($0)`?" } ?? "remove the entry or add the skill"))
            }
        }
        guard let firstList else { return result }
        for name in known.subtracting(listed).sorted() {
            let skill = context.graph.skill(named: name)
            result.append(Diagnostic(.warning, code: "readme-skill-drift", "skill `\(name)` is missing from the README's list of skills",
                                     at: firstList,
                                     notes: skill.map { [DiagnosticNote("the skill", at: SourceLocation(file: $0.skillFile, line: 1))] } ?? [],
                                     suggestion: "add an entry for `\(name)`"))
        }
        return result
    }

    /// The entries of every list (nested ones too) and table of the README, one group each.
    static func entryGroups(in blocks: [Block], context: CheckContext) -> [[Entry]] {
        var groups: [[Entry]] = []
        for block in blocks {
            switch block {
            case .list(let list):
                groups.append(list.items.compactMap { item in
                    guard case .paragraph(let paragraph)? = item.blocks.first else { return nil }
                    return entry(paragraph.inlines, at: item.location, context: context)
                })
                for item in list.items { groups += entryGroups(in: item.blocks, context: context) }
            case .table(let table):
                groups.append(table.rows.compactMap { row in
                    // The first cell that names anything: tables often start with an icon or a number.
                    row.lazy.compactMap { entry($0.inlines, at: table.location, context: context) }
                        .first { context.isKnownSkill($0.name) || $0.byPath || Self.readsAsSkillName($0.name) }
                })
            case .blockQuote(let quote):
                groups += entryGroups(in: quote.blocks, context: context)
            default:
                continue
            }
        }
        return groups
    }

    /// What an item's text names: a link to a skill path first, then the first code span, bold
    /// text, link text or word.
    static func entry(_ inlines: [Inline], at location: SourceLocation, context: CheckContext) -> Entry? {
        for inline in inlines {
            guard case .link(let link) = inline else { continue }
            let target = LinkTarget(link.destination)
            guard target.kind == .relative, let path = RelativePath.resolve(target.path, from: "") else { continue }
            if let skill = context.graph.skill(inFolder: path) ?? context.graph.skill(inFolder: RelativePath.folder(of: path)),
               path == skill.folder || path == skill.skillFile {
                return Entry(name: skill.name, location: link.location, byPath: true)
            }
            let parts = path.split(separator: "/")
            if parts.last == "SKILL.md", parts.count >= 2 {
                return Entry(name: String(parts[parts.count - 2]), location: link.location, byPath: true)
            }
        }
        for inline in inlines {
            switch inline {
            case .code(let span): return Entry(name: cleaned(span.code), location: span.location, byPath: false)
            case .strong(let children):
                return Entry(name: cleaned(children.plainText), location: location, byPath: false)
            case .link(let link):
                return Entry(name: cleaned(link.children.plainText), location: link.location, byPath: false)
            case .text(let text):
                guard let word = text.split(whereSeparator: { $0.isWhitespace }).first else { continue }
                return Entry(name: cleaned(String(word)), location: location, byPath: false)
            default:
                continue
            }
        }
        return nil
    }

    /// `@name:` → `name`.
    static func cleaned(_ text: String) -> String {
        var name = Substring(text.trimmingWhitespace)
        while name.first == "@" { name = name.dropFirst() }
        while let last = name.last, ":.,;".contains(last) { name = name.dropLast() }
        return String(name)
    }

    /// Lower-case letters, digits and at least one hyphen: the look of a skill name, so that a
    /// word of prose in a list of skills is not taken for a missing skill.
    static func readsAsSkillName(_ name: String) -> Bool {
        name.contains("-") && !name.hasPrefix("-") && name.allSatisfy { ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "-" }
    }
}

extension ReadmeSkillDriftCheck {
    /// Reads the README (its path and bytes) besides the skills and external skills of `CheckWorld`.
    func inputs(_ context: CheckContext) -> ContentHash? {
        var hasher = ContentHasher()
        hasher.add("readme-skill-drift")
        hasher.add(ParseCacheKey.current)
        if let readme = Self.readmeNames.lazy.compactMap({ context.graph.document(at: $0) }).first {
            guard let digest = readme.markdown.sourceDigest else { return nil }
            hasher.add(readme.path)
            hasher.add(digest)
        } else {
            hasher.add(0)
        }
        return hasher.finalize()
    }
}
