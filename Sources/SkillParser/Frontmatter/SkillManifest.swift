/// The typed frontmatter of a `SKILL.md`, following the Agent Skills specification.
/// Every key is kept in `fields`, including the ones given typed accessors here.
public struct SkillManifest: Hashable, Sendable {
    /// The keys the Agent Skills specification defines.
    public static let specifiedKeys: Set<String> = [
        "name", "description", "license", "compatibility", "allowed-tools", "metadata",
    ]

    public var fields: [YAMLEntry]
    public var name: String?
    public var description: String?
    public var license: String?
    public var compatibility: String?
    /// `allowed-tools`, written either as one space-separated string or as a list.
    public var allowedTools: [String]?
    /// `metadata`, a map of strings, in the order written.
    public var metadata: [YAMLEntry]

    /// Keys outside the specification (`version`, `risk`, `tags`, ...), in the order written.
    public var extraFields: [YAMLEntry] {
        fields.filter { !Self.specifiedKeys.contains($0.key) }
    }

    public func entry(_ key: String) -> YAMLEntry? {
        fields.first { $0.key == key }
    }

    /// Builds the manifest from frontmatter entries; a value of the wrong kind is reported
    /// and left out of the typed accessor, but stays in `fields`.
    public init(entries: [YAMLEntry], diagnostics: inout [Diagnostic]) {
        fields = entries
        metadata = []
        func string(_ key: String) -> String? {
            guard let entry = entries.first(where: { $0.key == key }) else { return nil }
            switch entry.value {
            case .string(let text): return text
            case .null: return nil
            case .list, .map:
                diagnostics.append(Diagnostic(
                    .error, code: "frontmatter-type",
                    "`\(key)` must be a string, found \(entry.value.kindName)", at: entry.location,
                    suggestion: "write `\(key):` followed by a single line of text"))
                return nil
            }
        }
        name = string("name")
        description = string("description")
        license = string("license")
        compatibility = string("compatibility")
        if let tools = entries.first(where: { $0.key == "allowed-tools" }) {
            switch tools.value {
            case .string(let text): allowedTools = text.split(whereSeparator: \.isWhitespace).map(String.init)
            case .list(let items): allowedTools = items.map(\.displayText)
            case .null: allowedTools = nil
            case .map:
                diagnostics.append(Diagnostic(
                    .error, code: "frontmatter-type", "`allowed-tools` must be a string or a list, found a map",
                    at: tools.location, suggestion: "list the tools separated by spaces"))
            }
        }
        if let entry = entries.first(where: { $0.key == "metadata" }) {
            switch entry.value {
            case .map(let items):
                metadata = items
                for item in items where item.value.stringValue == nil && item.value != .null {
                    diagnostics.append(Diagnostic(
                        .warning, code: "frontmatter-type",
                        "metadata `\(item.key)` should be a string, found \(item.value.kindName)", at: item.location,
                        suggestion: "metadata maps strings to strings; quote the value or flatten it"))
                }
            case .null: break
            default:
                diagnostics.append(Diagnostic(
                    .error, code: "frontmatter-type", "`metadata` must be a map, found \(entry.value.kindName)",
                    at: entry.location, suggestion: "indent `key: value` lines under `metadata:`"))
            }
        }
    }
}

extension SkillManifest: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name, description, license, compatibility, allowedTools, metadata, fields
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(license, forKey: .license)
        try container.encodeIfPresent(compatibility, forKey: .compatibility)
        try container.encodeIfPresent(allowedTools, forKey: .allowedTools)
        try container.encode(YAMLValue.map(metadata), forKey: .metadata)
        try container.encode(YAMLValue.map(fields), forKey: .fields)
    }
}
