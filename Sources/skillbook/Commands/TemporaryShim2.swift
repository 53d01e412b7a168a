import Foundation
import SkillParser
import SkillDuplicates
// TEMPORARY until CacheFolder/ToolDigest land.
extension BuildDuplicates {
    static let tool = ContentHash(high: 1, low: 2)
    static func cacheFile(forOutput output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).skillbook-cache-dir/dedupe")
    }
    static func prepareFolder(for file: URL) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    }
}
