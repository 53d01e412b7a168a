import Foundation
import SiteBuilder
import SkillParser
// TEMPORARY until parsecache's CacheFolder/ToolDigest land.
extension BuildDuplicates {
    static var tool: ContentHash { ProgramIdentity.digest }
    static func cacheFile(forOutput output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).skillbook-dedupe-cache")
    }
    static func prepareFolder(for file: URL) {}
}
