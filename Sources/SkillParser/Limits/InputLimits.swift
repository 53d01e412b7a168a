/// The bounds that keep a hostile collection from crashing or stalling a run. Each is far
/// above what a real skill needs; past one, a diagnostic says so and the run goes on.
/// README.md ("Limits") lists them with what a user sees.
public enum InputLimits {
    /// Markdown files larger than this are skipped with `file-too-large`: a skill document is
    /// a few kilobytes, and every later step (search text, pages) holds a copy of the text.
    public static let maximumFileBytes = 4 * 1024 * 1024

    /// Markdown files with a longer line are skipped with `line-too-long`. cmark-gfm 0.29.0.gfm.6
    /// (Debian's) parses a table row in time quadratic in its cells: one 2.4 MB row took 52 s,
    /// and each 8 KB row of a table 60 ms. Lines of real skills stay under 2,500 bytes (the
    /// longest of the 4,900 files in ../shared/corpora is 2,348).
    public static let maximumLineBytes = 10_000

    /// Markdown files with more link or image openers (`[`, `![`) than this in one run of
    /// non-blank lines are skipped with `too-many-brackets`. cmark-gfm 0.29.0.gfm.6 parses a
    /// paragraph in time quadratic in its openers (see `BracketBudget`). The most in any run of
    /// the 4,900 files in ../shared/corpora is 94; a run of 1,000 parses in milliseconds, and a
    /// 4 MiB file of runs just under the budget in 2 s (cmark-gfm alone).
    public static let maximumBracketsPerParagraph = 1_000

    /// Markdown files with a line holding more `|` than this are skipped with
    /// `too-many-table-cells`: cmark-gfm 0.29.0.gfm.6 parses a table row in time quadratic in its
    /// cells (see `TableCellBudget`), and the line limit still lets a 4 MiB file of 4,900-cell
    /// rows through (19 s). The most in any line of the 4,900 files in ../shared/corpora is 48;
    /// a 4 MiB file of 256-cell rows parses in about a second.
    public static let maximumTableCellsPerLine = 256

    /// Nesting of Markdown blocks and inlines kept as a tree (a quote in a list in a quote...,
    /// emphasis in a link in emphasis...). Deeper content is kept as plain text with
    /// `markdown-nesting-limit`. A limit rather than iterative walks because every walk over
    /// the tree recurses, including the ones Swift writes for us (equality, hashing, release).
    public static let maximumMarkdownDepth = 48

    /// Values a frontmatter block may expand to, counting each use of an alias again, and how
    /// deep they may nest; past either, `yaml-alias-limit` (a "billion laughs" alias chain is
    /// a few hundred bytes that expand to billions of values).
    public static let maximumYAMLValues = 100_000
    public static let maximumYAMLDepth = 32
}
