extension MarkdownDocument {
    /// A digest of every field of the document's rules (kind, text, inlines, headings above,
    /// location), in order: what duplicate detection reads of a document, so a later step can tell
    /// that a changed file's rules are the ones it had (`ClusterCache`). Made from the parse
    /// cache's encoding of them, which holds every field.
    public var rulesDigest: ContentHash {
        var writer = BinaryWriter()
        writer.count(rules.count)
        for rule in rules { writer.write(rule) }
        return writer.finished().withUnsafeBytes { ContentHasher.hash($0) }
    }
}
