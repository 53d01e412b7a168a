import Foundation

extension CollectionLoader {
    /// One file of a load with a parse cache: taken from the cache when its stamp is unchanged
    /// (not even read; most such files were taken while the walk ran, `ParseCache.takeAhead`), else read and taken from the cache when its bytes' digest is unchanged,
    /// else parsed. The outcome is what the cache keeps of it (`nil` for a file not read).
    static func parseFile(_ path: String, folder: String, cache: ParseCache)
        -> (result: ParseResult, outcome: ParseCache.Outcome?)
    {
        if let hit = cache.takenAhead(path) { return hit }
        let full = folder + path
        // No stamp (gone, not a regular file): the reader says what is wrong with it.
        guard let stamp = FileStamp(path: full) else { return (parseFile(path, folder: folder), nil) }
        if let hit = cache.parse(of: path, in: folder, stamp: stamp) { return hit }
        switch SourceFileReader.readMarkdown(full) {
        case .failure(let failure):
            return (ParseResult(document: nil, diagnostics: [SourceFileReader.diagnostic(for: failure, file: path)]), nil)
        case .success(let data):
            let digest = data.withUnsafeBytes { ContentHasher.hash($0) }
            if let hit = cache.parse(of: path, in: folder, digest: digest, stamp: stamp) { return hit }
            var result = parse(data, path: path, digest: digest)
            let outcome = cache.outcome(parsed: &result, path: path, digest: digest, stamp: stamp)
            return (result, outcome)
        }
    }
}
