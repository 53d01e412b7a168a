import SkillParser

/// Reports the links, images and raw-HTML `href`/`src`/`srcset` that the graph's resolution
/// found broken: a file that does not exist (`broken-link`), exists only with other letter
/// case (`link-case-mismatch`), lies outside the content root (`link-outside-root`), a folder
/// without a page (`folder-link`), an empty destination (`empty-link`), a URL the site refuses
/// (`unsafe-link`) or that cannot work (`invalid-url`); and a working site-absolute `/path`
/// when `site_root` is not configured (`site-absolute-link`). The site marks exactly the same
/// links as broken, since both read the one resolution. External URLs are not fetched.
struct LinkTargetCheck: FileWorldCheck {
    let codes = [
        CodeInfo("broken-link", .error, summary: "a relative link or image points at a file that does not exist",
                 explanation: """
                    A Markdown link or image such as `[patterns](references/patterns.md)` is resolved from the \
                    folder of the file that contains it. When nothing exists at the resolved path, a reader \
                    clicking the link gets a 404 and an agent following the reference loads nothing.

                    Fix the path (the suggestion names the nearest existing file), restore the missing file, \
                    or remove the link. Percent-encoding, `<...>` brackets, titles, query strings and \
                    `#anchors` are understood; only the path is looked up. Raw HTML `<a href>`, `<img src>` \
                    and `srcset` are checked the same way.
                    """),
        CodeInfo("folder-link", .warning, summary: "a link leads to a folder that has no SKILL.md, README.md or index.md",
                 explanation: """
                    GitHub shows a folder's file list, but a folder with no SKILL.md, README.md or index.md \
                    has no page in the site, and an agent following the link finds no document to read.

                    Link to a file in the folder, or add a README.md to it.
                    """),
        CodeInfo("unsafe-link", .error, summary: "a link uses a javascript:, vbscript:, data: or file: URL",
                 explanation: """
                    Such a URL runs code, embeds content or points into the reader's own disk. The site \
                    never publishes it: the link is shown as broken text.

                    Link to a page or a file of the collection, or to an https: URL.
                    """),
        CodeInfo("invalid-url", .warning, summary: "an external URL cannot be a working link",
                 explanation: """
                    A placeholder such as `http://host:port` or `https:///path` has no valid host or port; \
                    browsers cannot open it and the site shows it as broken text.

                    Write the real URL, or put the placeholder in a code span.
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

    func run(_ context: CheckContext, documents: [Document]) -> [[Diagnostic]] {
        documents.map { document in
            context.graph.references(in: document.path).compactMap { diagnostic(for: $0, in: document, context: context) }
        }
    }

    private func diagnostic(for reference: LinkReference, in document: Document, context: CheckContext) -> Diagnostic? {
        let location = reference.location
        let target = LinkTarget(reference.destination)
        switch reference.resolution {
        case .external:
            return nil
        case .document, .file:
            guard target.kind == .siteAbsolute, context.graph.siteRoot == nil else { return nil }
            return siteAbsolute(target, location: location, document: document, context: context)
        case .broken(.empty):
            return Diagnostic(.warning, code: "empty-link", "link has an empty destination", at: location,
                              suggestion: "write the target between the parentheses, or remove the link")
        case .broken(.outsideRoot(let written)):
            return Diagnostic(.warning, code: "link-outside-root", "link target `\(written)` is outside the content root",
                              at: location, suggestion: "link to a file inside the collection, or use the full URL of the page")
        case .broken(.caseMismatch(let written, let actual)):
            return Diagnostic(.error, code: "link-case-mismatch",
                              "link target `\(written)` exists only as `\(context.linkText(to: actual, from: document))`",
                              at: location,
                              notes: [DiagnosticNote("letter case is ignored on macOS but not on Linux or most web servers")],
                              suggestion: "write `\(context.linkText(to: actual, from: document))`")
        case .broken(.missing(let written)):
            var notes: [DiagnosticNote] = []
            var nearest: [String] = []
            if target.kind == .siteAbsolute, context.graph.siteRoot == nil {
                notes.append(DiagnosticNote("a site-absolute link is read from the content root unless `site_root` says otherwise"))
            }
            let base = target.kind == .siteAbsolute ? (context.graph.siteRoot ?? "") : RelativePath.folder(of: document.path)
            let relative = target.kind == .siteAbsolute ? String(target.path.drop { $0 == "/" }) : target.path
            if let path = RelativePath.resolve(relative, from: base) {
                nearest = LinkSuggestions.nearest(to: path, from: document, context: context)
            }
            return Diagnostic(.error, code: "broken-link", "link target `\(written)` does not exist", at: location,
                              notes: notes,
                              suggestion: nearest.isEmpty ? nil : "did you mean \(NearestNames.list(nearest))?")
        case .broken(.folder(let written)):
            return Diagnostic(.warning, code: "folder-link",
                              "link target `\(written)` is a folder without a SKILL.md, README.md or index.md", at: location,
                              suggestion: "link to a file in the folder, or add a README.md to it")
        case .broken(.unsafeScheme(let scheme)):
            return Diagnostic(.error, code: "unsafe-link", "link uses a `\(scheme):` URL, which the site does not publish",
                              at: location, suggestion: "link to a page or file of the collection, or to an https: URL")
        case .broken(.malformedURL(let url)):
            return Diagnostic(.warning, code: "invalid-url", "`\(url)` is not a valid URL", at: location,
                              suggestion: "write the real URL, or put a placeholder in a code span")
        }
    }

    private func siteAbsolute(_ target: LinkTarget, location: SourceLocation, document: Document, context: CheckContext) -> Diagnostic {
        var suggestion = "use a relative link, or set `site_root` in skillbook.yml to the folder that `/` means"
        if let path = RelativePath.resolve(String(target.path.drop { $0 == "/" }), from: ""),
           context.files.lookup(path) == .exists {
            suggestion = "write `\(context.linkText(to: path, from: document))`, relative to this file"
        }
        return Diagnostic(.warning, code: "site-absolute-link",
                          "link `\(target.path)` is site-absolute; where it leads depends on where the site is served",
                          at: location, suggestion: suggestion)
    }
}
