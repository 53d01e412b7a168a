/// The names of the search index's files under the site's `search/` folder, written once here
/// for the encoder, the writer, the reader and the query planner (the site's search script,
/// which fetches the same files, spells them in `Templates/assets/search.js`).
public enum SearchIndexFiles {
    /// The folder of the index in a site.
    public static let folder = "search"
    /// Counts, first terms of each dictionary file, and the layout.
    public static let entry = "entry.js"
    /// The shared words that section texts are coded with.
    public static let words = "words.js"

    /// The dictionary file named `name` (`SearchIndexLayout.names`): front-coded terms and their
    /// postings' places.
    public static func dictionary(_ name: String) -> String { "t/\(name).js" }
    /// Postings file `place` (from 0) of the dictionary file named `name`.
    public static func postings(_ name: String, _ place: Int) -> String { "p/\(postingsName(name, place)).js" }
    /// What a postings file calls itself: its dictionary file's name and its place there.
    public static func postingsName(_ name: String, _ place: Int) -> String { "\(name)-\(place)" }
    /// Documents file `n`: pages and sections.
    public static func documents(_ n: Int) -> String { "d/\(n).js" }

    /// Everything an index writes at the top of its folder, for clearing an older index.
    static let topLevel = [entry, words, "t", "p", "d"]
}
