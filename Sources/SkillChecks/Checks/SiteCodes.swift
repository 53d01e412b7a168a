import SkillParser

/// Codes the site builder reports about the site itself. They are in the catalogue like the
/// checks' codes, so `skillbook explain` knows them and `skillbook.yml` can set their severity.
enum SiteCodes {
    static let all = [
        CodeInfo("site-path-collision", .warning, summary: "two sources would become the same page of the site",
                 explanation: """
                    Every Markdown file becomes a page beside it (`references/a.md` → `references/a.html`), \
                    and the site has pages of its own (`index.html`, `search.html`, `404.html`, \
                    `reports/...`). When a file would land on a path already taken, by another file or by \
                    one of those pages, it is left out of the site rather than overwriting the other page.

                    Rename the file named in the message; its links and the links to it keep working \
                    once it has a path of its own.
                    """),
    ]
}
