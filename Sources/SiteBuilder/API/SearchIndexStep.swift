import Foundation
import SkillParser
import SkillChecks
import SkillSearch

/// The build step that makes the search index (docs/search.md). It runs after the pages are
/// rendered and returns the files it adds to the site under `search/`, which the build writes
/// into the output folder, and their sizes, which the build prints. The default theme's
/// `assets/search.js` (the engine) and `assets/search-ui.js` (the search box, the results page
/// and the highlighting of matched words) read them.
public enum SearchIndexStep {
    /// What the index can read: the graph, and every page with its title and source.
    public struct Page: Sendable {
        /// Site-relative page path, such as `hig-foundations-color/index.html`.
        public var path: String
        public var title: String
        /// The Markdown source it was rendered from, when there is one.
        public var source: String?
    }

    public struct Output: Sendable {
        /// Site-relative path (`search/entry.js`) → contents.
        public var files: [String: Data]
        public var sizes: SearchIndexSizes
    }

    /// The folder of the site the index files go in.
    public static let folder = SearchIndexFiles.folder

    /// Indexes the Markdown pages of the site (pages left out of the site are left out of the index).
    public static func build(graph: SkillGraph, config: CollectionConfig, pages: [Page]) throws -> Output {
        let sources = Set(pages.compactMap(\.source))
        var (index, files) = SearchIndexBuilder.buildWithFiles(graph: graph, sources: sources)
        let sizes = index.sizes(ofFiles: Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents.count) }))
        var output: [String: Data] = [:]
        // Each file's bytes are let go as soon as they are copied, so the index is not held twice.
        while let file = files.popLast() { output[folder + "/" + file.path] = Data(file.contents) }
        return Output(files: output, sizes: sizes)
    }
}
