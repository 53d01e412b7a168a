import Foundation
import SkillParser

/// `skillbook dupes --format json`: the options used and the clusters, largest first.
public enum DuplicateReportJSON {
    public static let schemaVersion = 1

    public static func encode(_ clusters: [DuplicateCluster], options: DuplicateOptions) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Payload(options: options, clusters: clusters))
    }

    struct Payload: Encodable {
        var schemaVersion = DuplicateReportJSON.schemaVersion
        var options: DuplicateOptions
        var clusters: [DuplicateCluster]
    }
}
