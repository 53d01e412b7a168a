import SkillParser

/// Reports what the graph's link resolution found about `#anchors`: one that matches no
/// heading and no HTML `id` or `name` of its target (`broken-anchor`), and one that matches
/// only when letter case is ignored (`anchor-case-mismatch`). Matching itself is decided in
/// one place, `DocumentAnchors.match`, which the site reads too: exact ids, `#top`, GitHub's
/// `user-content-` prefix, then a case-only match.
struct AnchorCheck: DigestedCheck {
    let codes = [
        CodeInfo("broken-anchor", .error, summary: "a link's `#anchor` matches no heading or HTML id in its target",
                 explanation: """
                    GitHub gives every heading an anchor: lower case, punctuation dropped, spaces turned into \
                    `-`, and `-1`, `-2` appended to repeats (`## 1. Query Performance` → \
                    `#1-query-performance`). A link to an anchor that no heading produces scrolls nowhere. \
                    The usual cause is a table of contents whose headings were renamed or renumbered.

                    Change the link to the anchor the suggestion names, or rename the heading. The `id` of \
                    an HTML element and the `name` of an `<a>` element in the target document also count, \
                    as do `#top` and GitHub's `#user-content-` prefix. The site marks the same links as \
                    broken.
                    """),
        CodeInfo("anchor-case-mismatch", .warning, summary: "a link's `#anchor` matches a heading only when letter case is ignored",
                 explanation: """
                    `#Setup` for the heading `## Setup`, whose anchor is `#setup`. The page script of \
                    github.com finds the heading regardless of case, so the link works there; browsers, \
                    GitLab, static hosts and editors match exactly, so it scrolls nowhere anywhere else.

                    Write the anchor as the suggestion gives it. The site already links the exact anchor.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        var result: [Diagnostic] = []
        // One index per target, built at its first broken anchor, and how many anchors the
        // suggestions have visited in it: the work stays linear in links plus anchors.
        var indexes: [String: (index: AnchorIndex, scanned: Int)] = [:]
        for document in context.graph.documents {
            for reference in context.graph.references(in: document.path) {
                guard case .document(let path, let match) = reference.resolution,
                      let anchor = LinkTarget(reference.destination).anchor else { continue }
                switch match {
                case .missing:
                    result.append(broken(anchor, in: path, at: reference.location, document: document,
                                         context: context, indexes: &indexes))
                case .caseOnly(let id):
                    let prefix = self.prefix(for: path, document: document, context: context)
                    result.append(Diagnostic(.warning, code: "anchor-case-mismatch",
                                             "anchor `#\(anchor)` matches `#\(id)` only when letter case is ignored",
                                             at: reference.location,
                                             notes: [DiagnosticNote("github.com ignores letter case in anchors; browsers and other hosts do not")],
                                             suggestion: "write `\(prefix)\(id)`"))
                case .none, .exact, .top, .prefixed:
                    continue
                }
            }
        }
        return result
    }

    private func prefix(for path: String, document: Document, context: CheckContext) -> String {
        path == document.path ? "#" : context.linkText(to: path, from: document) + "#"
    }

    private func broken(_ anchor: String, in path: String, at location: SourceLocation, document: Document,
                        context: CheckContext,
                        indexes: inout [String: (index: AnchorIndex, scanned: Int)]) -> Diagnostic {
        let place = path == document.path ? "this document" : "`\(context.linkText(to: path, from: document))`"
        let prefix = self.prefix(for: path, document: document, context: context)
        guard let target = context.graph.document(at: path), let anchors = context.graph.anchors(of: path) else {
            return Diagnostic(.error, code: "broken-anchor", "anchor `#\(anchor)` is not in \(place)", at: location)
        }
        var entry = indexes[path] ?? (AnchorIndex(target.markdown, anchors: anchors), 0)
        let scan = entry.scanned + entry.index.anchors.count <= AnchorIndex.scanBudget
        if scan { entry.scanned += entry.index.anchors.count }
        indexes[path] = entry
        let index = entry.index
        if let headingAnchor = index.declaredIDs[anchor] {
            let note = "a heading declares `{#\(anchor)}`, which GitHub and Skillbook show as text rather than read as an id"
            return Diagnostic(.error, code: "broken-anchor", "anchor `#\(anchor)` is not in \(place)", at: location,
                              notes: [DiagnosticNote(note)],
                              suggestion: "write `\(prefix)\(headingAnchor)`, the heading's anchor, "
                                  + "or put `<a id=\"\(anchor)\"></a>` before the heading")
        }
        let suggestions = index.suggestions(for: anchor, scan: scan)
        var notes: [DiagnosticNote] = []
        if index.anchors.isEmpty { notes.append(DiagnosticNote("\(place) has no headings")) }
        return Diagnostic(.error, code: "broken-anchor", "anchor `#\(anchor)` is not in \(place)", at: location,
                          notes: notes,
                          suggestion: suggestions.isEmpty ? nil : "did you mean \(NearestNames.list(suggestions, prefix: prefix))?")
    }
}

extension AnchorCheck {
    /// What `run` reads: in order, every link whose anchor its resolution found missing or
    /// matching by case only (the others are skipped whatever they hold): where it is, what it
    /// says and where it leads; and for a missing anchor, the bytes of the target (its headings
    /// and ids, which the suggestions read). The budget of suggestions per target follows from
    /// that order.
    func inputs(_ context: CheckContext) -> ContentHash? {
        let graph = context.graph
        var hasher = ContentHasher()
        hasher.add("anchor")
        hasher.add(ParseCacheKey.current)
        for document in graph.documents {
            for reference in graph.references(in: document.path) {
                guard case .document(let path, let match) = reference.resolution else { continue }
                switch match {
                case .missing, .caseOnly: break
                case .none, .exact, .top, .prefixed: continue
                }
                hasher.add(document.path)
                hasher.add(reference.destination)
                hasher.add(reference.location.file)
                hasher.add(reference.location.line)
                hasher.add(reference.location.column)
                hasher.add(reference.resolution)
                if case .missing = match {
                    if let target = graph.document(at: path) {
                        guard let digest = target.markdown.sourceDigest else { return nil }
                        hasher.add(1)
                        hasher.add(digest)
                    } else {
                        hasher.add(0)
                    }
                }
            }
        }
        return hasher.finalize()
    }
}
