import Foundation

/// Starting texts: every Markdown file of a folder plus a few hostile ones.
enum FuzzSeeds {
    static let builtIn = [
        "---\nname: a\ndescription: b\n---\n# A\n\n- [x](y.md#z)\n",
        "---\ntitle: open\n\n# Heading\n\n---\n\ntext\n",
        "| a |\n|---|\n| `b` |\n\n```\nunclosed\n",
        "{{#list}}{{name}}{{/list}}{{^none}}none{{/none}}{{{raw}}}",
        "---\na: &x [*x]\nb: [[[[\n---\n",
    ]

    static func load(from folder: String) -> [String] {
        var texts = builtIn
        let manager = FileManager.default
        if let walker = manager.enumerator(atPath: folder) {
            for case let path as String in walker where path.hasSuffix(".md") {
                if let text = try? String(contentsOfFile: (folder as NSString).appendingPathComponent(path), encoding: .utf8) {
                    texts.append(text)
                }
            }
        }
        return texts
    }
}
