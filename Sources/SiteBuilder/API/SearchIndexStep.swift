import Foundation
import SkillParser

/// The hook where the search index is built (issue 7). It runs after the pages are rendered and
/// returns the files it adds to the site (path relative to the site → bytes), which the build
/// writes into the output folder. The default theme includes `assets/search.js` when the theme
/// has it; the search page (`search.html`) has the `#search-results` container and the top bar
/// the `#search-input` box, inside a form that sends `?q=` to the search page.
public enum SearchIndexStep {
    /// What the index can read: the graph, and every page with its title and source.
    public struct Page: Sendable {
        /// Site-relative page path, such as `hig-foundations-color/index.html`.
        public var path: String
        public var title: String
        /// The Markdown source it was rendered from, when there is one.
        public var source: String?
    }

    public static func files(graph: SkillGraph, config: CollectionConfig, pages: [Page]) throws -> [String: Data] {
        [:]
    }
}
