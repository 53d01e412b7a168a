import SkillParser

/// The input key of a skill or document page: a digest of everything its HTML is made from,
/// worked out without making the page. A rebuild compares it with the key the build cache
/// recorded and reuses the previous page when they match, so an unchanged page's model is never
/// built, rendered or hashed. (The program and the theme are the cache's own key, `BuildKey`.)
///
/// What a page shows, and where the key takes it from:
/// - its document: the digest of the source's bytes (title, headings, frontmatter, body, code);
/// - where each of its links, images and raw-HTML references leads (`graph.references(in:)`,
///   so a heading renamed elsewhere or a file added changes it) and the inline SVG images;
/// - the source lines the reports link to (`L<line>` anchors), from any file's diagnostics;
/// - "Related skills" and "Referenced by", as the page lists them (`Relations`);
/// - the documents its code spans name by path, when they exist;
/// - its skill's documents: paths, kinds and titles (the document tree, the sidebar, previous
///   and next);
/// - what every page shares (`shared`): the interface strings, the collection's title,
///   description and base URL, the groups, and every skill's name and place (the sidebar,
///   breadcrumbs, and code spans that name a skill).
///
/// The reports' detail pages have keys of their own (`PageInputs+Reports`), and so do the
/// graph's pages (`graphKey`). Pages made from the whole collection (home, the diagnostics and
/// duplicates summaries, search, 404) have none: they are keyed on their model, as before.
struct PageInputs: Sendable {
    let site: SiteContext
    let digests: Digests

    /// What page keys read of the whole collection, made from the site's frame alone, so that
    /// `build` makes them beside the dedupe and check steps (`SitePreparation`): 8-9 ms of the
    /// render step's main thread in a rebuild of agentic-awesome-skills.
    struct Digests: Sendable {
        /// What every page shows; see the type's comment.
        let shared: ContentHash
        /// By skill folder: the paths, kinds and titles of the skill's documents.
        let skillDocuments: [String: ContentHash]
        /// What the key of a skill or document page reads besides the page's own inputs
        /// (`localDigest`): `shared`, every skill's documents, every document's place, title, kind
        /// and links with where they lead (and the inline images they show), and every edge of the
        /// graph ("Related skills", "Referenced by"). A page whose own inputs and world are the
        /// same as the last build's has the same key (`PageKeyMemo`).
        let world: ContentHash
        /// The digest of the skills' links the graph's pages show (`graphKey`).
        let graphLinks: ContentHash

        init(frame site: SiteFrame, graph: SkillGraph, config: CollectionConfig) {
            var hasher = ContentHasher()
            hasher.add(PageInputs.format)
            hasher.add(site.stringValues)
            hasher.add(site.siteTitle)
            hasher.add(optional: site.description)
            hasher.add(optional: site.readmePath)
            hasher.add(optional: config.baseURL)
            hasher.add(site.hasHighlight ? 1 : 0)
            hasher.add(site.hasSearchScript ? 1 : 0)
            hasher.add(site.groups.count)
            for (group, id) in zip(site.groups, site.groupIDs) {
                hasher.add(group.name)
                hasher.add(id)
                hasher.add(group.skills.count)
                for skill in group.skills { hasher.add(skill.folder) }
            }
            hasher.add(graph.skills.count)
            for skill in graph.skills {
                hasher.add(skill.name)
                hasher.add(skill.folder)
                hasher.add(skill.skillFile)
            }
            shared = hasher.finalize()
            let documents = Parallel.map(graph.skills, minimumChunk: 64) { skill -> ContentHash in
                var hasher = ContentHasher()
                for path in [skill.skillFile] + skill.documents {
                    hasher.add(path)
                    let document = graph.document(at: path)
                    hasher.add(optional: document?.title)
                    hasher.add(optional: document?.kind.rawValue)
                }
                return hasher.finalize()
            }
            skillDocuments = Dictionary(zip(graph.skills.map(\.folder), documents), uniquingKeysWith: { first, _ in first })
            world = Self.world(graph: graph, inlineImages: site.inlineImages, shared: shared, skillDocuments: documents)
            var links = ContentHasher()
            links.add(site.graphReport.links.count)
            for link in site.graphReport.links {
                links.add(link.from.folder)
                links.add(link.to.folder)
            }
            graphLinks = links.finalize()
        }

        /// `world`: per document and per slice of edges on all cores, joined in order (the same
        /// digest whatever the number of cores).
        private static func world(graph: SkillGraph, inlineImages: InlineImages?, shared: ContentHash,
                                  skillDocuments: [ContentHash]) -> ContentHash {
            let documents = graph.documents
            let perDocument = Parallel.map(documents.count, minimumChunk: 64) { index -> ContentHash in
                let document = documents[index]
                var hasher = ContentHasher()
                hasher.add(document.path)
                hasher.add(optional: document.skillFolder)
                hasher.add(document.title)
                hasher.add(document.kind.rawValue)
                hasher.addLinks(of: document.path, graph: graph, inlineImages: inlineImages)
                return hasher.finalize()
            }
            let edges = graph.edges
            let slice = 2_048
            let perSlice = Parallel.map((edges.count + slice - 1) / slice, minimumChunk: 1) { part -> ContentHash in
                var hasher = ContentHasher()
                for edge in edges[(part * slice)..<min(edges.count, (part + 1) * slice)] {
                    hasher.add(edge.from)
                    hasher.add(edge.to)
                    hasher.add(edge.kind.rawValue)
                }
                return hasher.finalize()
            }
            var hasher = ContentHasher()
            hasher.add("page world 1")
            hasher.add(shared)
            hasher.add(skillDocuments.count)
            for digest in skillDocuments { hasher.add(digest) }
            hasher.add(perDocument.count)
            for digest in perDocument { hasher.add(digest) }
            hasher.add(edges.count)
            for digest in perSlice { hasher.add(digest) }
            return hasher.finalize()
        }
    }

    /// Bumped when what a key covers changes.
    static let format = "page-inputs 2"

    /// `digests` must be made from `site`'s frame and graph.
    init(site: SiteContext, digests: Digests) {
        self.site = site
        self.digests = digests
    }

    var world: ContentHash { digests.world }

    /// The digest of what the key of a skill or document page reads of the page itself: where it
    /// is, its template, its document's bytes and the source lines the reports link to; `nil`
    /// for other pages and for a document read from no file (its key is always worked out).
    func localDigest(for page: PlannedPage) -> ContentHash? {
        // The document read in place (`position`): a copy of it was half of this digest's time.
        let graph = site.graph
        guard let index = Self.position(of: page, in: graph), let digest = graph.documents[index].markdown.sourceDigest else { return nil }
        let path = graph.documents[index].path
        var hasher = ContentHasher()
        hasher.add("page local 1")
        hasher.add(page.path)
        hasher.add(page.kind.template)
        hasher.add(path)
        hasher.add(digest)
        let lines = site.anchoredLines[path] ?? []
        hasher.add(lines.count)
        for line in lines { hasher.add(line) }
        return hasher.finalize()
    }

    /// The document a skill or document page shows (`nil` for other pages).
    private static func document(of page: PlannedPage, in graph: SkillGraph) -> Document? {
        position(of: page, in: graph).map { graph.documents[$0] }
    }

    /// Where in `graph.documents` the document a skill or document page shows is.
    private static func position(of page: PlannedPage, in graph: SkillGraph) -> Int? {
        switch page.kind {
        case .skill(let index): graph.documentPosition(at: graph.skills[index].skillFile)
        case .document(let path): graph.documentPosition(at: path)
        default: nil
        }
    }

    /// The input key of `page`, or `nil` when it has none (its model's digest is used).
    /// `relations` are the page's `Relations.of(page)` when the caller has them already.
    func key(for page: PlannedPage, relations: Relations.Lists? = nil) -> ContentHash? {
        switch page.kind {
        case .skill, .document: documentKey(page, relations: relations)
        case .diagnosticsPart(let code, let part): diagnosticsPartKey(code: code, part: part, page: page)
        case .duplicatesPart(let part): duplicatesPartKey(part, page: page)
        case .graph, .graphPart: graphKey(page)
        case .home: homeKey(page)
        default: nil
        }
    }

    /// The home page of a large collection (`HomePage.isCompact`: skills by name only) shows,
    /// in the frame every page shares, the groups and every skill's name and place (`shared`),
    /// how many documents the skills hold, the Markdown outside every skill and the findings'
    /// summary line: those are its key, rather than its model, which took 7.5 ms of a rebuild
    /// of agentic-awesome-skills to make and hash. A small collection's home page shows each
    /// skill's description and counts too, and is keyed on its model.
    private func homeKey(_ page: PlannedPage) -> ContentHash? {
        guard HomePage.isCompact(site) else { return nil }
        var hasher = pageHasher(page)
        hasher.add("home page 1")
        hasher.add(site.diagnosticsSummary)
        var documents = 0
        for document in site.graph.documents {
            switch document.kind {
            case .reference, .other: documents += 1
            case .loose:
                hasher.add(document.path)
                hasher.add(document.title)
            case .skill: break
            }
        }
        hasher.add(-1)
        hasher.add(documents)
        return hasher.finalize()
    }

    /// The graph page and its detail pages show the skills, their groups and the pairs of skills
    /// a document of one points at the other (`GraphReport.links`), in the frame every page
    /// shares: `shared` and those pairs are their key, rather than their model, which took
    /// 17 ms of a rebuild of agentic-awesome-skills to make and hash.
    private func graphKey(_ page: PlannedPage) -> ContentHash {
        var hasher = pageHasher(page)
        hasher.add("graph page 1")
        hasher.add(digests.graphLinks)
        return hasher.finalize()
    }

    /// A hasher fed with what every page shows, and where this one is.
    func pageHasher(_ page: PlannedPage) -> ContentHasher {
        var hasher = ContentHasher()
        hasher.add(digests.shared)
        hasher.add(page.path)
        hasher.add(page.kind.template)
        return hasher
    }

    private func documentKey(_ page: PlannedPage, relations known: Relations.Lists?) -> ContentHash? {
        let document = Self.document(of: page, in: site.graph)
        guard let document, let relations = known ?? Relations.of(page, site: site), let digest = document.markdown.sourceDigest else { return nil }
        var hasher = pageHasher(page)
        hasher.add(document.path)
        hasher.add(digest)
        if let folder = document.skillFolder { hasher.add(digests.skillDocuments[folder] ?? ContentHash(high: 0, low: 0)) }
        let lines = site.anchoredLines[document.path] ?? []
        hasher.add(lines.count)
        for line in lines { hasher.add(line) }
        hasher.addLinks(of: document.path, graph: site.graph, inlineImages: site.inlineImages)
        // A code span naming a skill links to it (the skills are in `shared`); one naming a
        // Markdown path links to that document when it exists.
        for span in document.markdown.codeSpans where Self.mayNameMarkdown(span.code) {
            switch site.graph.mention(of: span.code, in: document) {
            case .skill(let name): hasher.add(1); hasher.add(name)
            case .path(let path): hasher.add(2); hasher.add(path)
            case nil: hasher.add(3)
            }
        }
        hasher.add(-1)
        for items in [relations.related, relations.referencedBy] {
            hasher.add(items.count)
            for item in items {
                hasher.add(item.name)
                hasher.add(item.page)
                for kind in item.kinds.map(\.rawValue).sorted() { hasher.add(kind) }
                hasher.add(0)
            }
        }
        return hasher.finalize()
    }
}

extension PageInputs {
    /// Whether a code span may name a Markdown file (`CodePath.looksLikePath` wants `.md` at its
    /// end): a byte scan, since most code spans are not paths.
    static func mayNameMarkdown(_ code: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in code.utf8 {
            if previous == (UInt8(ascii: "."), UInt8(ascii: "m")), byte == UInt8(ascii: "d") { return true }
            previous = (previous.1, byte)
        }
        return false
    }
}

extension ContentHasher {
    /// A document's links as its page shows them: each destination, where it leads and, for an
    /// image inlined from a file, the URL it is inlined as. Both the page's key and the page
    /// world read this one digest of them.
    mutating func addLinks(of path: String, graph: SkillGraph, inlineImages: InlineImages?) {
        let references = graph.references(in: path)
        add(references.count)
        for reference in references {
            add(reference.destination)
            add(reference.resolution)
            if reference.kind.isImage, case .file(let asset) = reference.resolution {
                add(optional: inlineImages?.url(for: asset))
            } else {
                add(-1)
            }
        }
    }

    mutating func add(optional text: String?) {
        if let text {
            add(1)
            add(text)
        } else {
            add(0)
        }
    }
}
