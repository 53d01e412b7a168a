import SkillParser
import SkillDuplicates
/// Codes reported while loading a collection and its configuration, before any check runs.
/// They appear in `skillbook check` output like the checks' own.
enum LoadCodes {
    static let all = [
        CodeInfo("unterminated-frontmatter", .warning, summary: "a frontmatter block opened with `---` is never closed",
                 explanation: """
                    A file that starts with `---` opens a YAML frontmatter block, which must end with \
                    another `---` line. Without it, tools disagree on where the frontmatter ends: some read \
                    the whole file as YAML and fail, some show the YAML as text. Skillbook ends the block \
                    at the first blank line or heading and goes on.

                    Add a `---` line after the last frontmatter key. Under `--spec strict` this is an \
                    error in a SKILL.md, as the reference validator rejects such a skill.
                    """),
        CodeInfo("frontmatter-accidental-close", .warning,
                 summary: "a frontmatter block is closed by a `---` that belongs to the Markdown below it",
                 explanation: """
                    The frontmatter was never closed, and the first later `---` (a horizontal rule or a \
                    table's rule) ended it instead, swallowing Markdown into the YAML. Skillbook ends the \
                    block before the Markdown and goes on.

                    Add a `---` line right after the last frontmatter key. Under `--spec strict` this is an \
                    error in a SKILL.md.
                    """),
        CodeInfo("invalid-yaml", .error, summary: "a frontmatter block is not valid YAML",
                 explanation: """
                    The frontmatter could not be read, so none of its keys (`name`, `description`, ...) are \
                    known. Common causes: an unquoted value containing `: `, a value starting with `*`, \
                    `&`, `!`, `[` or `{`, and tabs or uneven indentation.

                    Quote the value (`description: "Use when: ..."`) or fix the indentation at the line \
                    and column given.
                    """),
        CodeInfo("frontmatter-not-mapping", .error, summary: "a frontmatter block is not a map of keys to values",
                 explanation: """
                    Frontmatter must be a YAML map: one `key: value` per line. A block holding a list or \
                    plain text gives the skill no `name` or `description`. Rewrite it as `key: value` lines.
                    """),
        CodeInfo("frontmatter-type", .error, summary: "a frontmatter key holds the wrong kind of value",
                 explanation: """
                    The specification gives each key a type: `name`, `description`, `license` and \
                    `compatibility` are strings, `allowed-tools` a space-separated string, `metadata` a map \
                    of strings. A list or a map where a string belongs is not read. (A non-string value \
                    inside `metadata` is a warning: it is read as its text.)

                    Write the value in the expected form, quoting it when needed.
                    """),
        CodeInfo("duplicate-key", .error, summary: "a frontmatter key is written twice",
                 explanation: """
                    YAML keys must be unique. When one is repeated, tools disagree on which value wins \
                    (Skillbook keeps the last), and strict readers such as the reference validator reject \
                    the file. Remove one of the two lines.
                    """),
        CodeInfo("invalid-utf8", .error, summary: "a Markdown file is not valid UTF-8",
                 explanation: """
                    The file has bytes that are not UTF-8 and was skipped: none of its links, headings or \
                    frontmatter were read. Save it as UTF-8 (the line given holds the first bad byte).
                    """),
        CodeInfo("unreadable-file", .error, summary: "a file or folder could not be read",
                 explanation: """
                    The file or folder exists but could not be opened, usually for lack of permission, so \
                    it was skipped. Check its permissions.
                    """),
        CodeInfo("file-too-large", .error, summary: "a Markdown file is larger than the limit and was skipped",
                 explanation: """
                    Markdown files over 4 MiB are not read: none of their links, headings or frontmatter \
                    are known, and they get no page. A skill document is a few kilobytes; a file this large \
                    is usually generated or pasted by mistake. Split it into several reference files.
                    """),
        CodeInfo("line-too-long", .error, summary: "a Markdown file has a line longer than the limit and was skipped",
                 explanation: """
                    Markdown files with a line over 10,000 bytes are not read: none of their links, \
                    headings or frontmatter are known, and they get no page. The Markdown parser slows \
                    down sharply on such lines (a table row with thousands of cells takes seconds), and \
                    lines of real skills stay under a few thousand bytes; a longer one is usually \
                    generated data, an encoded image or an attack. Break the line at the line given, or \
                    move the data into a separate file and link to it.
                    """),
        CodeInfo("too-many-table-cells", .error, summary: "a line of a Markdown file has more `|` than the table cell limit and the file was skipped",
                 explanation: """
                    Markdown files with a line holding more than 256 `|` (table cell separators, counted \
                    anywhere on the line, in code too) are not read: none of their links, headings or \
                    frontmatter are known, and they get no page. The Markdown parser takes time that grows \
                    with the square of a table row's cells (a 4 MiB file of 10,000-byte rows would take \
                    about 20 s); real tables have a few dozen columns at most. Split the table at the line \
                    given into narrower ones, or move the data into a CSV file and link to it.
                    """),
        CodeInfo("too-many-brackets", .error, summary: "a Markdown paragraph has more `[` than the limit and the file was skipped",
                 explanation: """
                    Markdown files with more than 1,000 `[` (link and image openers, `![` included) in one \
                    run of lines without a blank line (a bullet item with text starts a new run) are not read: none of their links, headings or \
                    frontmatter are known, and they get no page. The Markdown parser takes time that grows \
                    with the square of the openers in a paragraph (a 4 MiB paragraph of `![[]()` would run \
                    for hours); real paragraphs hold at most about a hundred. Put blank lines \
                    between the paragraphs that end at the line given, or move the data into a separate \
                    file and link to it.
                    """),
        CodeInfo("markdown-nesting-limit", .warning, summary: "Markdown nests deeper than the limit",
                 explanation: """
                    Quotes, lists, emphasis, links and images nested more than 48 levels deep are cut: the \
                    deeper content is kept as plain text (its words are searchable, but its links and code \
                    are not read). Real documents nest a few levels; this much nesting is usually a \
                    mistake or an attack. Flatten the nested structure at the line given.
                    """),
        CodeInfo("yaml-alias-limit", .error, summary: "frontmatter expands past the limit through YAML aliases",
                 explanation: """
                    YAML aliases (`*name`) repeat a value written once under an anchor (`&name`). A chain \
                    of aliases of aliases expands exponentially: a few hundred bytes can stand for billions \
                    of values (the "billion laughs" attack). Skillbook stops after 100,000 values or 32 \
                    levels of nesting and does not read the rest of the block. Write the values out \
                    instead of repeating aliases, and keep frontmatter flat.
                    """),
        CodeInfo("site-folder-skipped", .note, summary: "a folder holding a site built by skillbook build was not read",
                 explanation: """
                    A site built into a folder of the collection holds copies of its Markdown, which would \
                    count twice. Such a folder is skipped when it holds the `.skillbook-site` marker with \
                    the text the build writes, and a home page, and is not a skill folder itself. Any \
                    other `.skillbook-site` file is ignored, so it cannot hide skills from the checks.
                    """),
        CodeInfo("site-path-collision", .warning, summary: "two files of the collection would have the same place in the site",
                 explanation: """
                    Two source files map to one page (a `search.md` at the root and the search page, \
                    `x/SKILL.md` and `x/index.md`), or a file the collection links to has the path of a \
                    theme file (`assets/site.js`). The later one is left out of the site. Rename it.
                    """),
        CodeInfo("site-path-renamed", .warning, summary: "a page is published under a changed name",
                 explanation: """
                    A folder named like a file the site writes (`404.html`, `index.html`, `search.html`, \
                    `llms.txt`, `sitemap.xml` at the root, any folder ending in `.html`) gets `-folder` \
                    added, and a name too long for the disk once `.html` is added is shortened with a \
                    hash. Links inside the site follow; addresses written outside it do not. Rename the \
                    file or folder to keep its own address.
                    """),
        CodeInfo("path-twins", .error, summary: "two file names differ only in Unicode normalisation or in case",
                 explanation: """
                    `é` can be saved as one code point or as `e` followed by a combining accent; the two \
                    names look the same and are different files on Linux, but Skillbook (like most tools) \
                    compares them as one name, so only the first is read. Names that differ only in case \
                    are one file on macOS and Windows disks and on many web servers. Both names are given; \
                    keep one (saved as NFC) or rename the other.
                    """),
        CodeInfo("invalid-config", .error, summary: "skillbook.yml (or the --config file) is malformed",
                 explanation: """
                    The configuration could not be read as intended: a file given with `--config` that \
                    does not exist, YAML that does not parse, a key with the wrong kind of value, a \
                    severity that is not `off`, `note`, `warning` or `error`, or a code that no check \
                    reports. An error stops `skillbook check` (exit status 2); an unknown key or code is a \
                    warning.

                    Known keys: title, description, base_url, site_root, external_skills, ignore, include, \
                    exclude, related_headings, severity, duplicate_rules.
                    """),
    ]
}
