/// A YAML value as read from frontmatter. Scalars stay strings (an unquoted date is the
/// text the author wrote); maps keep their key order.
public indirect enum YAMLValue: Hashable, Sendable {
    case string(String)
    case list([YAMLValue])
    case map([YAMLEntry])
    case null

    /// The value as a single string, when it is a scalar.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A short name for messages: "a string", "a list", "a map", "null".
    public var kindName: String {
        switch self {
        case .string: "a string"
        case .list: "a list"
        case .map: "a map"
        case .null: "null"
        }
    }

    /// Flattened text of a scalar or a list of scalars, joined by ", ", for display.
    public var displayText: String {
        switch self {
        case .string(let text): text
        case .null: ""
        case .list(let items): items.map(\.displayText).joined(separator: ", ")
        case .map(let entries): entries.map { "\($0.key): \($0.value.displayText)" }.joined(separator: "; ")
        }
    }
}

/// One key of a YAML map with its value and where the key is written.
public struct YAMLEntry: Hashable, Sendable {
    public var key: String
    public var value: YAMLValue
    public var location: SourceLocation

    public init(key: String, value: YAMLValue, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }
}

extension YAMLValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .list(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .map(let entries):
            var container = encoder.container(keyedBy: Key.self)
            for entry in entries { try container.encode(entry.value, forKey: Key(stringValue: entry.key)) }
        }
    }

    public init(from decoder: Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            self = .map(try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                YAMLEntry(key: $0.stringValue, value: try container.decode(YAMLValue.self, forKey: $0),
                          location: SourceLocation(file: "", line: 0, column: 0))
            })
        } else if var container = try? decoder.unkeyedContainer() {
            var items: [YAMLValue] = []
            while !container.isAtEnd { items.append(try container.decode(YAMLValue.self)) }
            self = .list(items)
        } else {
            let container = try decoder.singleValueContainer()
            self = container.decodeNil() ? .null : .string(try container.decode(String.self))
        }
    }
}
