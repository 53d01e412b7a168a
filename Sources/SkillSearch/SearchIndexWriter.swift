import Foundation
import SkillParser

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

    /// `1.2 MB in 180 files; a first query downloads 140 KB (at most 201 KB)`.
    public var summary: String {
        "\(Self.format(total)) in \(files) files; a first query downloads \(Self.format(firstQueryMedian))"
            + (firstQueryLargest > firstQueryMedian ? " (at most \(Self.format(firstQueryLargest)))" : "")
    }

    public static func format(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1_000_000)
            : bytes >= 1000 ? String(format: "%.0f KB", Double(bytes) / 1000) : "\(bytes) bytes"
    }
}

extension SearchIndex {
    /// The index files by path under the site's `search/` folder, in a fixed order.
    public func files() -> [(path: String, contents: Data)] {
        SearchIndexEncoder.files(self).map { ($0.path, Data($0.contents)) }
    }

    /// Sizes of `files` (this index's files), with what sample first queries download.
    public func sizes(of files: [(path: String, contents: Data)]) -> SearchIndexSizes {
        sizes(ofFiles: Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents.count) }))
    }

    /// Sizes of this index's files given as bytes by path, with what sample first queries download.
    public func sizes(ofFiles sizes: [String: Int]) -> SearchIndexSizes {
        self.sizes(ofFiles: sizes, firstQueries: firstQueryFiles(sampleQueries()))
    }

    /// The files the first search of each of `queries` downloads.
    func firstQueryFiles(_ queries: [String]) -> [SearchIndexState.FirstQuery] {
        let engine = SearchEngine(index: self)
        // Each query reads postings of thousands of sections: on all cores, a run of queries on
        // each, which share the room ranking takes (`SearchEngine.Room`).
        let runs = min(Parallel.cores, queries.count)
        let bounds = (0...runs).map { $0 * queries.count / runs }
        return Parallel.map(runs, minimumChunk: 1) { run in
            var room = SearchEngine.Room(sections: sections.count)
            return queries[bounds[run]..<bounds[run + 1]].map { query in
                let reads = engine.firstQueryReads(query, room: &room)
                return SearchIndexState.FirstQuery(query: query, files: reads.files, sections: reads.sections)
            }
        }.flatMap { $0 }
    }

    /// Sizes of this index's files, with what `firstQueries` download.
    func sizes(ofFiles sizes: [String: Int], firstQueries: [SearchIndexState.FirstQuery]) -> SearchIndexSizes {
        let downloads = firstQueries.map { first in
            (query: first.query,
             bytes: SearchEngine.files(first.files, loaded: first.sections, of: self).reduce(0) { $0 + (sizes[$1] ?? 0) })
        }.sorted { $0.bytes < $1.bytes }
        let entry = sizes[SearchIndexFiles.entry] ?? 0
        return SearchIndexSizes(total: sizes.values.reduce(0, +), files: sizes.count,
                                firstQueryMedian: downloads.isEmpty ? entry : downloads[downloads.count / 2].bytes,
                                firstQueryLargest: downloads.last?.bytes ?? entry,
                                largestQuery: downloads.last?.query ?? "")
    }

    /// Writes the index files into `folder` (a site's `search/` folder), replacing the index
    /// files of an earlier build there, and returns their sizes.
    @discardableResult
    public func write(to folder: URL) throws -> SearchIndexSizes {
        let manager = FileManager.default
        for old in SearchIndexFiles.topLevel {
            let url = folder.appendingPathComponent(old)
            if manager.fileExists(atPath: url.path) { try manager.removeItem(at: url) }
        }
        for sub in ["t", "p", "d"] {
            try manager.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let files = files()
        for file in files { try file.contents.write(to: folder.appendingPathComponent(file.path)) }
        return sizes(of: files)
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
