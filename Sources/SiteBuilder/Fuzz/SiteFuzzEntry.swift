import SkillParser

/// Entry points for the coverage-guided fuzzer (`make fuzz`); public only for `skillbook-fuzz`.
public enum SiteFuzzEntry {
    /// The Mustache engine: parse, then render with a context that has every kind of value.
    public static func mustache(_ bytes: [UInt8]) {
        guard let template = try? MustacheTemplate(String(decoding: bytes, as: UTF8.self), name: "fuzz") else { return }
        let context: MustacheValue = ["title": "<x>", "flag": true, "items": [["name": "a"], ["name": "b"]], "empty": []]
        _ = template.render(context, partials: ["fuzz": template])
    }

    /// A document rendered to HTML with its links and anchors resolved against a small
    /// collection: the input is a reference of skill `a`, beside skill `b`.
    public static func markdownHTML(_ bytes: [UInt8]) {
        let graph = ParserFuzzEntry.graph(withReference: String(decoding: bytes, as: UTF8.self))
        guard let document = graph.document(at: "a/references/fuzz.md") else { return }
        let resolver = LinkResolver(graph: graph, documentPath: "a/references/fuzz.md")
        let rendered = MarkdownHTML(resolver: resolver, graph: graph, document: document, anchoredLines: [1, 3],
                                    reservedIDs: SiteContext.reservedIDs).render()
        _ = rendered.html.count
    }
}
