import Foundation

/// What the edit generator reads from a collection's files: its Markdown files, skills,
/// headings and links, in a stable order so that a seed always picks the same things.
struct CollectionView {
    let files: [String: String]
    let contentRoot: String
    /// Markdown files under the content root, sorted.
    let markdown: [String]
    /// Skill folders (those with a SKILL.md) under the content root, sorted.
    let skills: [String]

    init(files: [String: String], contentRoot: String) {
        self.files = files
        self.contentRoot = contentRoot
        let paths = files.keys.filter { $0.hasPrefix(contentRoot + "/") }.sorted()
        markdown = paths.filter { $0.hasSuffix(".md") }
        skills = paths.filter { $0.hasSuffix("/SKILL.md") }.map { String($0.dropLast("/SKILL.md".count)) }
    }

    /// The ATX heading lines of a Markdown file (outside code fences), as written.
    func headings(in path: String) -> [String] {
        var fenced = false
        var result: [String] = []
        for line in (files[path] ?? "").split(separator: "\n") {
            if line.hasPrefix("```") || line.hasPrefix("~~~") { fenced.toggle() }
            if !fenced, line.hasPrefix("#"), line.drop(while: { $0 == "#" }).first == " " { result.append(String(line)) }
        }
        return result
    }

    /// The inline links `[text](target)` of a Markdown file, images excluded, as written.
    func links(in path: String) -> [String] {
        let text = files[path] ?? ""
        var result: [String] = []
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "[") {
            index = text.index(after: open)
            if open > text.startIndex, text[text.index(before: open)] == "!" { continue }
            guard let close = text[index...].range(of: "]("),
                  let end = text[close.upperBound...].firstIndex(of: ")"),
                  !text[index..<close.lowerBound].contains(where: { $0 == "[" || $0 == "\n" }) else { continue }
            result.append(String(text[open...end]))
            index = text.index(after: end)
        }
        return result
    }

    /// The relative link from the file `from` to the file `to`.
    func link(from: String, to: String) -> String {
        let source = from.split(separator: "/").dropLast()
        let target = to.split(separator: "/")
        var common = 0
        while common < source.count, common < target.count - 1, source[common] == target[common] { common += 1 }
        let up = Array(repeating: "..", count: source.count - common)
        return (up + target[common...].map(String.init)).joined(separator: "/")
    }

    /// GitHub's anchor of a heading line whose text is words and spaces, as the generator writes them.
    static func slug(_ heading: String) -> String {
        heading.drop { $0 == "#" }.trimmingPrefix(" ").lowercased()
            .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }
            .replacingOccurrences(of: " ", with: "-")
    }
}
