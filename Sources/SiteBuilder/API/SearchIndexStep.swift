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
        /// Site-relative paths of the files handed to `write` (`search/entry.js`, ...), sorted.
        public var paths: [String]
        public var sizes: SearchIndexSizes
    }

    /// The folder of the site the index files go in.
    public static let folder = SearchIndexFiles.folder

    /// Site-relative paths, one in each folder the index writes into, for creating the folders first.
    public static var folderSamples: [String] {
        [SearchIndexFiles.entry, SearchIndexFiles.dictionary(0), SearchIndexFiles.postings(0), SearchIndexFiles.documents(0)]
            .map { folder + "/" + $0 }
    }

    /// Indexes the Markdown pages of the site (pages left out of the site are left out of the index)
    /// and hands each index file, by site-relative path, to `write` as soon as it is encoded, on
    /// all cores. `write` says whether it wrote the file (the site may keep the path for another).
    public static func build(graph: SkillGraph, config: CollectionConfig, pages: [Page],
                             write: (_ path: String, _ contents: Data) throws -> Bool) throws -> Output {
        let sources = Set(pages.compactMap(\.source))
        let written = WrittenPaths()
        let (index, sizes, _, _) = try SearchIndexBuilder.buildAndWrite(graph: graph, sources: sources) { path, contents in
            if try write(folder + "/" + path, Data(contents)) { written.add(folder + "/" + path) }
        }
        return Output(paths: written.sorted, sizes: index.sizes(ofFiles: sizes))
    }

    /// The paths written, gathered from all cores.
    private final class WrittenPaths: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        func add(_ path: String) { lock.withLock { paths.append(path) } }
        var sorted: [String] { lock.withLock { paths.sorted() } }
    }
}
