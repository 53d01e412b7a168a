/// Everything besides a file's path and bytes that decides what parsing it gives: the program,
/// the C libraries it parses with (a system upgrade may change them under the same program),
/// and the input limits. A parse cache made under another key is not used at all.
///
/// The configuration (`skillbook.yml`) is not part of it: include and exclude only choose which
/// files are read, and `site_root` and related-skills headings are applied by the graph, after
/// parsing. A setting that changes how one file parses must be added here.
public enum ParseCacheKey {
    /// Bumped whenever the cache's layout or any type it stores changes shape.
    static let format = 8

    /// The key of this process.
    public static let current: ContentHash = of(tool: ToolDigest.executable)

    /// The key for a given program digest (tests use another to stand for another version).
    public static func of(tool: ContentHash) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add(format)
        hasher.add(tool)
        hasher.add(CmarkConverter.libraryVersion)
        hasher.add(YAMLReader.libraryVersion)
        for limit in [InputLimits.maximumFileBytes, InputLimits.maximumLineBytes, InputLimits.maximumBracketsPerParagraph,
                      InputLimits.maximumTableCellsPerLine,
                      InputLimits.maximumMarkdownDepth, InputLimits.maximumYAMLValues, InputLimits.maximumYAMLDepth,
                      YAMLReader.maximumFlowNesting] {
            hasher.add(limit)
        }
        return hasher.finalize()
    }
}
