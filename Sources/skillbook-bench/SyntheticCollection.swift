import Foundation
import SkillDuplicates

/// Writes a deterministic collection of `skills` skills with the shape of the public ones, so that
/// growth can be measured at sizes no corpus has: frontmatter in several variants (extra fields,
/// a missing description, a name that differs from the folder), a SKILL.md of headings, rules,
/// tables and code, two or three references per skill, links to references, to their sections
/// and to other skills (about one in twenty broken), and rules copied between skills.
///
/// Same `skills` and `seed`, same bytes.
struct SyntheticCollection {
    var skills: Int
    var seed: UInt64 = 7

    func write(to root: URL) throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: root)
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        var random = SeededGenerator(seed: seed)
        let words = Self.vocabulary(size: 4_000, using: &random)
        let writer = Writer(words: words, skills: skills)
        var sharedRules: [String] = []
        for index in 0..<skills {
            let folder = root.appendingPathComponent(writer.skillName(index))
            try fileManager.createDirectory(at: folder.appendingPathComponent("references"), withIntermediateDirectories: true)
            let references = 2 + index % 2
            let skill = writer.skillFile(index, references: references, shared: &sharedRules, using: &random)
            try Data(skill.utf8).write(to: folder.appendingPathComponent("SKILL.md"))
            for reference in 0..<references {
                let text = writer.referenceFile(index, reference: reference, using: &random)
                try Data(text.utf8).write(to: folder.appendingPathComponent("references/\(Writer.referenceName(reference)).md"))
            }
        }
    }

    /// Pronounceable made-up words, most of them rare, a few everywhere.
    static func vocabulary(size: Int, using random: inout SeededGenerator) -> [String] {
        let onsets = ["b", "c", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "st", "pr", "tr"]
        let vowels = ["a", "e", "i", "o", "u", "ai", "ou"]
        var seen = Set<String>()
        var ordered: [String] = []
        while ordered.count < size {
            let syllables = Int.random(in: 1...4, using: &random)
            let word = (0..<syllables).map { _ in onsets.randomElement(using: &random)! + vowels.randomElement(using: &random)! }.joined()
            if seen.insert(word).inserted { ordered.append(word) }
        }
        return ordered
    }

    /// The text of the files, one function per kind of file.
    struct Writer {
        let words: [String]
        let skills: Int

        func skillName(_ index: Int) -> String { String(format: "synthetic-skill-%05d", index) }
        static func referenceName(_ index: Int) -> String { ["guide", "patterns", "checklist"][index] }

        /// A word, skewed towards the start of the vocabulary as real prose is.
        func word(using random: inout SeededGenerator) -> String {
            let a = Int.random(in: 0..<words.count, using: &random), b = Int.random(in: 0..<words.count, using: &random)
            return words[min(a, b) * min(a, b) / words.count]
        }

        func sentence(_ range: ClosedRange<Int> = 6...16, using random: inout SeededGenerator) -> String {
            let text = (0..<Int.random(in: range, using: &random)).map { _ in word(using: &random) }.joined(separator: " ")
            return text.prefix(1).uppercased() + text.dropFirst() + "."
        }

        func heading(using random: inout SeededGenerator) -> String {
            (0..<Int.random(in: 2...4, using: &random)).map { _ in word(using: &random) }.joined(separator: " ").capitalizedFirst
        }

        func skillFile(_ index: Int, references: Int, shared: inout [String], using random: inout SeededGenerator) -> String {
            let name = skillName(index)
            var lines = ["---"]
            switch index % 10 {
            case 0: lines += ["name: \(name)", "description: \"\(sentence(using: &random)) Use when \(sentence(4...8, using: &random).lowercased())\"",
                              "license: MIT", "metadata:", "  author: synthetic", "  version: \"1.\(index % 7)\""]
            case 1: lines += ["name: \(name)"]  // no description
            case 2: lines += ["name: \(name)-renamed", "description: \(sentence(using: &random))"]  // name differs from the folder
            case 3: lines += ["name: \(name)", "description: >", "  \(sentence(using: &random))", "  \(sentence(using: &random))",
                              "allowed-tools: Read, Grep"]
            default: lines += ["name: \(name)", "description: \(sentence(using: &random)) Use when \(sentence(4...8, using: &random).lowercased())"]
            }
            lines += ["---", "", "# \(heading(using: &random))", "", sentence(using: &random) + " " + sentence(using: &random), ""]
            for section in 0..<4 {
                lines += ["## \(heading(using: &random))", ""]
                lines.append((0..<3).map { _ in sentence(using: &random) }.joined(separator: " "))
                lines.append("")
                for _ in 0..<6 {
                    let rule: String
                    if !shared.isEmpty, Int.random(in: 0..<12, using: &random) == 0 {
                        rule = shared[Int.random(in: 0..<shared.count, using: &random)]  // a rule stated again elsewhere
                    } else {
                        rule = ["Always", "Never", "Prefer", "Avoid"][Int.random(in: 0..<4, using: &random)] + " "
                            + sentence(5...12, using: &random).lowercased()
                        if shared.count < 500, Int.random(in: 0..<20, using: &random) == 0 { shared.append(rule) }
                    }
                    lines.append("- \(rule)")
                }
                lines.append("")
                if section == 1 {
                    lines += ["| Option | Default | Notes |", "| --- | :---: | --- |"]
                    for _ in 0..<5 { lines.append("| `\(word(using: &random))` | \(index % 9) | \(sentence(3...7, using: &random)) |") }
                    lines.append("")
                }
                if section == 2 {
                    lines += ["```swift", "func \(word(using: &random))(_ value: Int) -> Int {",
                              "    // \(sentence(3...6, using: &random))", "    return value * \(index % 13 + 2)", "}", "```", ""]
                }
            }
            lines += ["## References", ""]
            for reference in 0..<references {
                let file = Self.referenceName(reference)
                // About one in twenty anchors names no heading.
                let anchor = Int.random(in: 0..<20, using: &random) == 0 ? "#no-such-section" : "#overview"
                lines.append("- [\(file.capitalizedFirst)](references/\(file).md) and [its overview](references/\(file).md\(anchor))")
            }
            let other = (index * 7 + 3) % max(skills, 1)
            let target = Int.random(in: 0..<20, using: &random) == 0 ? "no-such-skill" : skillName(other)
            lines += ["- Related: [\(skillName(other))](../\(target)/SKILL.md)", ""]
            return lines.joined(separator: "\n")
        }

        func referenceFile(_ index: Int, reference: Int, using random: inout SeededGenerator) -> String {
            var lines = ["# \(Self.referenceName(reference).capitalizedFirst) for \(skillName(index))", "", "## Overview", ""]
            lines.append((0..<4).map { _ in sentence(using: &random) }.joined(separator: " "))
            lines.append("")
            for _ in 0..<3 {
                lines += ["## \(heading(using: &random))", ""]
                lines.append((0..<5).map { _ in sentence(using: &random) }.joined(separator: " "))
                lines += ["", "1. \(sentence(using: &random))", "2. \(sentence(using: &random))", ""]
                lines += ["```json", "{ \"\(word(using: &random))\": \(Int.random(in: 0..<1000, using: &random)) }", "```", ""]
            }
            lines += ["Back to [the skill](../SKILL.md) or the [overview](#overview).", ""]
            return lines.joined(separator: "\n")
        }
    }
}

/// Single files built to catch work that grows with the square of something inside one file.
enum PathologicalFiles {
    /// One skill whose SKILL.md has `count` headings and `count` links to anchors that do not exist.
    static func headingsAndBrokenAnchors(_ count: Int, in root: URL) throws {
        var lines = ["---", "name: many-headings", "description: A file with many headings and broken anchors.", "---", ""]
        for index in 0..<count { lines += ["## Heading number \(index)", "", "See [elsewhere](#missing-anchor-\(index)).", ""] }
        try write(lines.joined(separator: "\n"), skill: "many-headings", in: root)
    }

    /// One skill whose SKILL.md has `count` links on a single line.
    static func linksOnOneLine(_ count: Int, in root: URL) throws {
        let links = (0..<count).map { "[l\($0)](#a\($0 % 100))" }.joined(separator: " ")
        let text = ["---", "name: many-links", "description: A file with many links on one line.", "---", "", "# Many links", "",
                    links, ""].joined(separator: "\n")
        try write(text, skill: "many-links", in: root)
    }

    private static func write(_ text: String, skill: String, in root: URL) throws {
        let folder = root.appendingPathComponent(skill)
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("SKILL.md"))
    }
}
