import Foundation

/// Sizes of a written index, which the site build prints.
public struct SearchIndexSizes: Equatable, Sendable {
    /// Bytes of every file of the index.
    public var total: Int
    public var files: Int
    /// Bytes a first query downloads (the entry file and the files it needs), the median and the
    /// largest over sample queries taken from page titles.
    public var firstQueryMedian: Int
    public var firstQueryLargest: Int
    /// The sample query that downloads the most.
    public var largestQuery: String
}

extension SearchIndex {
    /// Writes the index files into `folder` (the site's `search/` folder), replacing the index
    /// files of an earlier build there, and returns their sizes.
    @discardableResult
    public func write(to folder: URL) throws -> SearchIndexSizes {
        let manager = FileManager.default
        for old in ["entry.js", "t", "p", "d"] {
            let url = folder.appendingPathComponent(old)
            if manager.fileExists(atPath: url.path) { try manager.removeItem(at: url) }
        }
        for sub in ["t", "p", "d"] {
            try manager.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let files = SearchIndexEncoder.files(self)
        var total = 0
        for file in files {
            try Data(file.contents).write(to: folder.appendingPathComponent(file.path))
            total += file.contents.count
        }
        let sizes = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents.count) })
        let engine = SearchEngine(index: self)
        let downloads = sampleQueries().map { query in
            (query: query, bytes: engine.search(query).files.reduce(0) { $0 + (sizes[$1] ?? 0) })
        }.sorted { $0.bytes < $1.bytes }
        let entry = sizes["entry.js"] ?? 0
        return SearchIndexSizes(total: total, files: files.count,
                                firstQueryMedian: downloads.isEmpty ? entry : downloads[downloads.count / 2].bytes,
                                firstQueryLargest: downloads.last?.bytes ?? entry,
                                largestQuery: downloads.last?.query ?? "")
    }

    /// Up to 25 page titles spread over the index: queries a reader might type.
    public func sampleQueries() -> [String] {
        var titles: [String] = []
        var seen: Set<String> = []
        for section in sections where section.anchor.isEmpty && seen.insert(section.pageTitle).inserted {
            titles.append(section.pageTitle)
        }
        let step = max(1, titles.count / 25)
        return stride(from: 0, to: titles.count, by: step).map { titles[$0] }
    }
}
