import Foundation
import SkillParser
import SkillDuplicates

/// `check --format sarif`: SARIF 2.1.0 as GitHub code scanning reads it. One rule per known
/// code (with its explanation as help text), one result per diagnostic with a physical
/// location; notes with a place become related locations.
public struct SARIFReport: Sendable {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    public var toolVersion: String
    public var displayPath: @Sendable (String) -> String

    public init(toolVersion: String, displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.toolVersion = toolVersion
        self.displayPath = displayPath
    }

    public func render(_ diagnostics: [Diagnostic], codes: [CodeInfo] = Checks.codes) throws -> String {
        var rules = codes.map(Rule.init)
        // A code no check declares (added by a caller) still gets a rule, so every ruleIndex is valid.
        for code in Set(diagnostics.map(\.code)).subtracting(codes.map(\.code)).sorted() {
            rules.append(Rule(CodeInfo(code, .warning, summary: code, explanation: code)))
        }
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }
        let results = diagnostics.map { diagnostic in
            Result(diagnostic.escapedForDisplay, ruleIndex: ruleIndex[diagnostic.code] ?? 0, displayPath: displayPath)
        }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(version: toolVersion, rules: rules)), results: results)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(log), as: UTF8.self) + "\n"
    }

    /// SARIF levels are the same three words as our severities.
    static func level(_ severity: Severity) -> String { severity.rawValue }

    /// A relative URI reference for a path: each segment percent-encoded.
    static func uri(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.addingPercentEncoding(withAllowedCharacters: .sarifPathSegment) ?? String(segment)
        }.joined(separator: "/")
    }

    struct Log: Encodable {
        var schema = SARIFReport.schema
        var version = "2.1.0"
        var runs: [Run]

        private enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = "skillbook"
        var version: String
        var rules: [Rule]
    }

    struct Message: Encodable { var text: String }

    struct Rule: Encodable {
        struct Configuration: Encodable { var level: String }
        struct Help: Encodable { var text: String; var markdown: String }

        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Help
        var defaultConfiguration: Configuration

        init(_ info: CodeInfo) {
            id = info.code
            name = info.code.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            shortDescription = Message(text: info.summary)
            fullDescription = Message(text: info.summary)
            help = Help(text: info.explanation, markdown: info.explanation)
            defaultConfiguration = Configuration(level: SARIFReport.level(info.severity))
        }
    }

    struct Location: Encodable {
        struct Physical: Encodable {
            struct Artifact: Encodable { var uri: String }
            struct Region: Encodable { var startLine: Int; var startColumn: Int }
            var artifactLocation: Artifact
            var region: Region
        }

        var id: Int?
        var physicalLocation: Physical
        var message: Message?

        init(_ location: SourceLocation, id: Int? = nil, message: String? = nil, displayPath: (String) -> String) {
            self.id = id
            physicalLocation = Physical(artifactLocation: .init(uri: SARIFReport.uri(displayPath(location.file))),
                                        region: .init(startLine: max(1, location.line), startColumn: max(1, location.column)))
            self.message = message.map(Message.init)
        }
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?

        init(_ diagnostic: Diagnostic, ruleIndex: Int, displayPath: (String) -> String) {
            ruleId = diagnostic.code
            self.ruleIndex = ruleIndex
            level = SARIFReport.level(diagnostic.severity)
            var text = diagnostic.message
            for note in diagnostic.notes where note.location == nil { text += "\nnote: \(note.message)" }
            if let suggestion = diagnostic.suggestion { text += "\nsuggestion: \(suggestion)" }
            message = Message(text: text)
            locations = [Location(diagnostic.location, displayPath: displayPath)]
            let related = diagnostic.notes.filter { $0.location != nil }.enumerated().map { index, note in
                Location(note.location!, id: index + 1, message: note.message, displayPath: displayPath)
            }
            relatedLocations = related.isEmpty ? nil : related
        }
    }
}

extension CharacterSet {
    /// Characters left as they are in a path segment of a relative URI.
    static let sarifPathSegment = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@")
}
