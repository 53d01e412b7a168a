/// How a site is built.
public struct SiteOptions: Sendable {
    /// The output folder.
    public var output: String
    public var theme: Theme
    /// Replace a non-empty output folder even without the marker of an earlier build.
    public var force: Bool
    /// highlight.js to copy into the site's assets, unless the theme brings its own.
    public var highlightScript: String?
    /// Reuse the previous site's files whose inputs are unchanged, by the build cache beside the
    /// output folder (docs/site.md); `false` makes every file anew.
    public var reuse: Bool
    /// Called with (pages rendered, pages in all) while pages render.
    public var progress: (@Sendable (Int, Int) -> Void)?

    /// Where Debian's `libjs-highlight.js` puts the script.
    public static let debianHighlightScript = "/usr/share/javascript/highlight.js/highlight.min.js"

    public init(output: String = "_site", theme: Theme = .standard, force: Bool = false,
                highlightScript: String? = SiteOptions.debianHighlightScript, reuse: Bool = true,
                progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.output = output
        self.theme = theme
        self.force = force
        self.highlightScript = highlightScript
        self.reuse = reuse
        self.progress = progress
    }
}
