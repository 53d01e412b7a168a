import Foundation

extension MustacheValue {
    /// Converts the output of `JSONSerialization` (dictionaries, arrays, strings, numbers, booleans, `NSNull`).
    /// Anything else becomes `.null`.
    public init(json: Any) {
        switch json {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            self = Self.isBoolean(number) ? .bool(number.boolValue) : .number(number.doubleValue)
        case let items as [Any]:
            self = .list(items.map(MustacheValue.init(json:)))
        case let members as [String: Any]:
            self = .object(MustacheObject(members.mapValues(MustacheValue.init(json:))))
        default:
            self = .null
        }
    }

    /// Parses JSON text; throws what `JSONSerialization` throws.
    public init(jsonData: Data) throws {
        self.init(json: try JSONSerialization.jsonObject(with: jsonData, options: [.fragmentsAllowed]))
    }

    /// `JSONSerialization` returns `true`/`false` as `NSNumber`; only their type encoding tells them from 1 and 0.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        let booleanType = NSNumber(value: true).objCType
        return strcmp(number.objCType, booleanType) == 0
    }
}
