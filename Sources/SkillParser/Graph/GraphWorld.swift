/// Everything besides a document's own bytes and its targets' anchors that decides where its
/// links lead, which of its lists are related-skills lists, and its edges, as one digest: the
/// documents (path, kind, skill), the skills (folder, name, SKILL.md, documents), the listings
/// of the folders the loader walked, `site_root` and the configured related-skills headings.
/// The graph cache (`GraphCache`) reuses a document's results only under the same digest.
enum GraphWorld {
    static func digest(of graph: SkillGraph, relatedHeadings: [String]) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("skillbook graph world 1")
        hasher.add(graph.files.givenDigest())
        hasher.add(graph.documents.count)
        for document in graph.documents {
            hasher.add(document.path)
            hasher.add(document.kind.rawValue)
            add(document.skillFolder, to: &hasher)
        }
        hasher.add(graph.skills.count)
        for skill in graph.skills {
            hasher.add(skill.folder)
            hasher.add(skill.name)
            hasher.add(skill.skillFile)
            hasher.add(skill.documents.count)
            for path in skill.documents { hasher.add(path) }
        }
        add(graph.siteRoot, to: &hasher)
        hasher.add(relatedHeadings.count)
        for heading in relatedHeadings { hasher.add(heading) }
        return hasher.finalize()
    }

    private static func add(_ text: String?, to hasher: inout ContentHasher) {
        if let text {
            hasher.add(1)
            hasher.add(text)
        } else {
            hasher.add(0)
        }
    }

    /// The digest of the anchors a document offers (all of them, in order: what `match` reads).
    static func digest(of anchors: DocumentAnchors) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add(anchors.all.count)
        for anchor in anchors.all { hasher.add(anchor) }
        return hasher.finalize()
    }
}
