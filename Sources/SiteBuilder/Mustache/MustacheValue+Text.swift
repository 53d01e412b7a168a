extension MustacheValue {
    /// The text an interpolation tag writes for this value, before escaping.
    ///
    /// Whole numbers print without a fraction (`85`, not `85.0`); lists, objects and `.null` print nothing,
    /// so a template never shows a Swift description of a container.
    public var interpolatedText: String {
        switch self {
        case .string(let text): text
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        case .bool(let value): value ? "true" : "false"
        case .number(let number): Self.format(number)
        case .list, .object, .null: ""
        }
    }

    /// How many bytes of UTF-8 `interpolatedText` has, without making it for `.utf8`.
    var interpolatedByteCount: Int {
        if case .utf8(let bytes) = self { return bytes.count }
        return interpolatedText.utf8.count
    }

    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}
