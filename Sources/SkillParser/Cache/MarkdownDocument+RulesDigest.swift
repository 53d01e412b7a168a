extension MarkdownDocument {
    /// A digest of every field of the document's rules (kind, text, inlines, headings above,
    /// location), in order: what duplicate detection reads of a document, so a later step can tell
    /// that a changed file's rules are the ones it had (`ClusterCache`). Made from the parse
    /// cache's encoding of them, which holds every field. A file this build parsed has it from
    /// the parse cache, which encoded its rules while they were fresh in memory: encoding every
    /// document's rules again in the dedupe step was a third of that step's processor time in a
    /// full build, most of it waiting on memory (perf, agentic-awesome-skills: 181 of 545 samples).
    public var rulesDigest: ContentHash {
        knownRulesDigest ?? Self.digest(ofRulesRecord: BinaryWriter.rulesRecord(rules))
    }

    static func digest(ofRulesRecord parts: [[UInt8]]) -> ContentHash {
        Array(parts.joined()).withUnsafeBytes { ContentHasher.hash($0) }
    }
}
