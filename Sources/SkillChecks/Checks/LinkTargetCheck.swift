import SkillParser
import SkillDuplicates
/// Fires on a Markdown link or image whose target is not a file of the collection: a file
/// that does not exist (`broken-link`), exists only with other letter case
/// (`link-case-mismatch`), lies outside the content root (`link-outside-root`), an empty
/// destination (`empty-link`), and a site-absolute `/path` when `site_root` is not configured
/// (`site-absolute-link`). External URLs are not fetched.
struct LinkTargetCheck: Check {
    let codes = [
        CodeInfo("broken-link", .error, summary: "a relative link or image points at a file that does not exist",
                 explanation: """
                    A Markdown link or image such as `[patterns](references/patterns.md)` is resolved from the \
                    folder of the file that contains it. When nothing exists at the resolved path, a reader \
                    clicking the link gets a 404 and an agent following the reference loads nothing.

                    Fix the path (the suggestion names the nearest existing file), restore the missing file, \
                    or remove the link. Percent-encoding, `<...>` brackets, titles, query strings and \
                    `#anchors` are understood; only the path is looked up.
                    """),
        CodeInfo("link-case-mismatch", .error, summary: "a link target exists only with other letter case",
                 explanation: """
                    The file exists, but with other capital letters (`Patterns.md` for `patterns.md`). The link \
                    works on macOS, whose disks ignore letter case, and breaks on Linux, in CI and on most web \
                    servers.

                    Write the path exactly as the file is named; the suggestion gives it.
                    """),
        CodeInfo("link-outside-root", .warning, summary: "a relative link leaves the content root",
                 explanation: """
                    A link such as `../../README.md` climbs above the folder being checked. Files there are \
                    not part of the collection, so the link breaks once the collection is published or \
                    installed on its own.

                    Link to a file inside the collection, or use the full URL of the outside page.
                    """),
        CodeInfo("empty-link", .warning, summary: "a link or image has an empty destination",
                 explanation: """
                    `[text]()` goes nowhere: a reader clicking it stays on the page, and an image with no \
                    source shows nothing. It is usually a link that was meant to be filled in later.

                    Write the target between the parentheses, or turn the link back into plain text.
                    """),
        CodeInfo("site-absolute-link", .warning, summary: "a link starts with `/` and no `site_root` says which folder that means",
                 explanation: """
                    A destination like `/docs/setup.md` is resolved against wherever the site happens to be \
                    served, not against the file, so it breaks on GitHub, in an editor, and when the site is \
                    published under a sub-path.

                    Prefer a relative link (the suggestion gives one when the file exists). When the \
                    collection really uses site-absolute links, set `site_root:` in skillbook.yml to the \
                    folder that `/` means; such links are then checked like relative ones.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for document in context.graph.documents {
            let folder = RelativePath.folder(of: document.path)
            for link in document.markdown.links + document.markdown.images {
                let target = LinkTarget(link.destination)
                switch target.kind {
                case .external, .sameDocument:
                    continue
                case .empty:
                    result.append(Diagnostic(.warning, code: "empty-link", "link has an empty destination", at: link.location,
                                             suggestion: "write the target between the parentheses, or remove the link"))
                case .siteAbsolute:
                    if context.config.siteRoot != nil {
                        if let path = context.sitePath(target.path) {
                            result += lookup(path, written: target.path, link: link, document: document, context: context)
                        }
                    } else {
                        result.append(siteAbsolute(target, link: link, document: document, context: context))
                    }
                case .relative:
                    guard let path = RelativePath.resolve(target.path, from: folder) else {
                        result.append(Diagnostic(.warning, code: "link-outside-root",
                                                 "link target `\(target.path)` is outside the content root",
                                                 at: link.location,
                                                 suggestion: "link to a file inside the collection, or use the full URL of the page"))
                        continue
                    }
                    result += lookup(path, written: target.path, link: link, document: document, context: context)
                }
            }
        }
        return result
    }

    private func lookup(_ path: String, written: String, link: Link, document: Document, context: CheckContext) -> [Diagnostic] {
        switch context.files.lookup(path) {
        case .exists:
            return []
        case .caseMismatch(let actual):
            return [Diagnostic(.error, code: "link-case-mismatch",
                               "link target `\(written)` exists only as `\(context.linkText(to: actual, from: document))`",
                               at: link.location,
                               notes: [DiagnosticNote("letter case is ignored on macOS but not on Linux or most web servers")],
                               suggestion: "write `\(context.linkText(to: actual, from: document))`")]
        case .missing:
            let nearest = LinkSuggestions.nearest(to: path, from: document, context: context)
            return [Diagnostic(.error, code: "broken-link", "link target `\(written)` does not exist", at: link.location,
                               suggestion: nearest.isEmpty ? nil : "did you mean \(NearestNames.list(nearest))?")]
        }
    }

    private func siteAbsolute(_ target: LinkTarget, link: Link, document: Document, context: CheckContext) -> Diagnostic {
        var suggestion = "use a relative link, or set `site_root` in skillbook.yml to the folder that `/` means"
        if let path = RelativePath.resolve(String(target.path.drop { $0 == "/" }), from: ""),
           context.files.lookup(path) == .exists {
            suggestion = "write `\(context.linkText(to: path, from: document))`, relative to this file"
        }
        return Diagnostic(.warning, code: "site-absolute-link",
                          "link `\(target.path)` is site-absolute; where it leads depends on where the site is served",
                          at: link.location, suggestion: suggestion)
    }
}
