import SkillParser
import SkillDuplicates
/// Fires on a link whose `#anchor` matches no heading and no HTML `id` or `name` in the
/// target document (`broken-anchor`): `#anchor` in the same file or `file.md#anchor` in
/// another. Matching is exact, as on GitHub; a case-only difference is said so, and the
/// nearest anchors are suggested.
struct AnchorCheck: Check {
    let codes = [
        CodeInfo("broken-anchor", .error, summary: "a link's `#anchor` matches no heading or HTML id in its target",
                 explanation: """
                    GitHub gives every heading an anchor: lower case, punctuation dropped, spaces turned into \
                    `-`, and `-1`, `-2` appended to repeats (`## 1. Query Performance` → \
                    `#1-query-performance`). A link to an anchor that no heading produces scrolls nowhere. \
                    The usual cause is a table of contents whose headings were renamed or renumbered.

                    Change the link to the anchor the suggestion names, or rename the heading. An explicit \
                    `<a id="...">` or `name="..."` in the target document also counts as an anchor. \
                    Matching is exact, as on GitHub: `#Setup` does not reach `## Setup`, whose anchor is \
                    `#setup`.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for document in context.graph.documents {
            let folder = RelativePath.folder(of: document.path)
            for link in document.markdown.links {
                let target = LinkTarget(link.destination)
                guard let anchor = target.anchor, !anchor.isEmpty else { continue }
                let path: String?
                switch target.kind {
                case .sameDocument: path = document.path
                case .relative: path = RelativePath.resolve(target.path, from: folder)
                case .siteAbsolute: path = context.sitePath(target.path)
                case .external, .empty: path = nil
                }
                // Only Markdown documents of the collection have anchors we know; a missing file is a broken-link.
                guard let path, let anchors = context.anchors(of: path) else { continue }
                if anchors.contains(anchor) || anchors.contains(Self.withoutGitHubPrefix(anchor)) { continue }
                result.append(diagnostic(anchor, in: path, anchors: anchors, link: link, document: document, context: context))
            }
        }
        return result
    }

    private func diagnostic(_ anchor: String, in path: String, anchors: AnchorIndex, link: Link, document: Document,
                            context: CheckContext) -> Diagnostic {
        let place = path == document.path ? "this document" : "`\(context.linkText(to: path, from: document))`"
        let prefix = path == document.path ? "#" : context.linkText(to: path, from: document) + "#"
        if let variant = anchors.caseVariant(of: anchor) {
            return Diagnostic(.error, code: "broken-anchor",
                              "anchor `#\(anchor)` is not in \(place); `#\(variant)` differs only in letter case",
                              at: link.location,
                              notes: [DiagnosticNote("anchors match exactly, as on GitHub, where heading anchors are lower case")],
                              suggestion: "write `\(prefix)\(variant)`")
        }
        if let headingAnchor = anchors.declaredIDs[anchor] {
            let note = "a heading declares `{#\(anchor)}`, which GitHub and Skillbook show as text rather than read as an id"
            return Diagnostic(.error, code: "broken-anchor", "anchor `#\(anchor)` is not in \(place)", at: link.location,
                              notes: [DiagnosticNote(note)],
                              suggestion: "write `\(prefix)\(headingAnchor)`, the heading's anchor, "
                                  + "or put `<a id=\"\(anchor)\"></a>` before the heading")
        }
        let suggestions = anchors.suggestions(for: anchor)
        var notes: [DiagnosticNote] = []
        if anchors.anchors.isEmpty { notes.append(DiagnosticNote("\(place) has no headings")) }
        return Diagnostic(.error, code: "broken-anchor", "anchor `#\(anchor)` is not in \(place)", at: link.location,
                          notes: notes,
                          suggestion: suggestions.isEmpty ? nil : "did you mean \(NearestNames.list(suggestions, prefix: prefix))?")
    }

    /// GitHub prefixes HTML ids with `user-content-`, and links may be written either way.
    private static func withoutGitHubPrefix(_ anchor: String) -> String {
        anchor.hasPrefix("user-content-") ? String(anchor.dropFirst("user-content-".count)) : anchor
    }
}
