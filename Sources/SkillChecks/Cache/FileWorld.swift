import SkillParser
/// What a `FileWorldCheck` reads besides its document and the facts of `CheckWorld`: the folders
/// on disk, the documents of the collection and `site_root`, as one digest; and, per document,
/// that digest with the document's bytes and where each of its references leads (`key(of:)`).
///
/// The folders are those the loader walked (`FileIndex.givenDigest`: one listing each, made by
/// the walk itself) and those listed beyond the walk by earlier runs (hidden, skipped, linked or
/// missing folders a link points into), which the check cache keeps with their digests and which
/// are listed again to compare (`stillHolds`). A file added or removed anywhere changes the
/// digest, and every document is checked again; an edit of a file's text changes its own key, and
/// the keys of the files whose links into it now resolve otherwise (a renamed heading), and
/// whatever else a check adds (`FileWorldCheck.addInputs`).
struct FileWorld: Sendable {
    let context: CheckContext
    /// The folders, the documents and `site_root`, as one digest.
    let digest: ContentHash
    /// By skill folder: the paths of the skill's files with the digests of their bytes. Made
    /// once per skill for the checks that read a skill's other files (`OrphanReferenceCheck`):
    /// hashed per reference instead, the skills' files were 14 ms of the 18 ms of processor time
    /// the keys took in a rebuild of agentic-awesome-skills (a skill's files once per file of it).
    let skillFiles: [String: ContentHash]

    init(context: CheckContext) {
        self.context = context
        let graph = context.graph
        digest = Self.digest(of: graph)
        let skills = graph.skills
        let digests = Parallel.map(skills.count, minimumChunk: 64) { index -> ContentHash in
            let skill = skills[index]
            var hasher = ContentHasher()
            hasher.add(skill.documents.count + 1)
            for path in CollectionOfOne(skill.skillFile) + skill.documents {
                hasher.add(path)
                if let digest = graph.document(at: path)?.markdown.sourceDigest {
                    hasher.add(1)
                    hasher.add(digest)
                } else {
                    hasher.add(0)
                }
            }
            return hasher.finalize()
        }
        skillFiles = Dictionary(zip(skills.map(\.folder), digests), uniquingKeysWith: { first, _ in first })
    }

    static func digest(of graph: SkillGraph) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("skillbook file world 2")
        hasher.add(graph.files.givenDigest())
        hasher.add(graph.documents.count)
        for document in graph.documents { hasher.add(document.path) }
        if let siteRoot = graph.siteRoot {
            hasher.add(1)
            hasher.add(siteRoot)
        } else {
            hasher.add(0)
        }
        return hasher.finalize()
    }

    /// Whether the folders listed beyond the walk by the run that made a cache list the same now.
    static func stillHolds(_ beyondWalk: [FindingsRecord.Entry], in graph: SkillGraph) -> Bool {
        beyondWalk.allSatisfy { graph.files.listingDigest(of: $0.path) == $0.digest }
    }

    /// The key of a document's findings: `nil` for a document read from no file.
    func key(of document: Document, checks: [any FileWorldCheck]) -> ContentHash? {
        guard let source = document.markdown.sourceDigest else { return nil }
        var hasher = ContentHasher()
        hasher.add(digest)
        hasher.add(document.path)
        hasher.add(source)
        let references = context.graph.references(in: document.path)
        hasher.add(references.count)
        for reference in references {
            hasher.add(reference.destination)
            hasher.add(reference.resolution)
        }
        for check in checks { check.addInputs(of: document, world: self, to: &hasher) }
        return hasher.finalize()
    }
}
