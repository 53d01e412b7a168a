/// The data a Mustache template renders: a JSON-like value.
///
/// Falsey values (sections skip them, inverted sections show them): `false`, `.null`,
/// an empty list and an empty string. Everything else is truthy, including `0`.
///
/// Not `indirect`: lists and objects already hold their members out of line, and an indirect
/// enum puts every value, even `true`, in a heap box of its own (a page's context has
/// thousands of values: the boxes were a tenth of the render step's samples, in malloc and
/// retain/release).
public enum MustacheValue: Sendable, Hashable {
    case string(String)
    /// Text held as its UTF-8 bytes, as the Markdown's HTML is made: written into the page as
    /// it is, where a `String` was made of it first (validated and copied, 2% of the render
    /// step's samples) only to be written out as bytes again. Reads as the same text.
    case utf8([UInt8])
    case bool(Bool)
    case number(Double)
    case list([MustacheValue])
    case object(MustacheObject)
    case null

    /// Whether a section renders for this value (inverted sections render when it does not).
    public var isTruthy: Bool {
        switch self {
        case .bool(let value): value
        case .null: false
        case .list(let items): !items.isEmpty
        case .string(let text): !text.isEmpty
        case .utf8(let bytes): !bytes.isEmpty
        case .number, .object: true
        }
    }

    /// The value's member `key` when it is an object, else `nil`.
    public subscript(key: String) -> MustacheValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension MustacheValue {
    /// The member `name` when this is an object that has one, read in place.
    func member(_ name: MustacheName) -> MustacheValue? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// A later duplicate key replaces an earlier one.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(MustacheObject(pairs: elements))
    }
}

extension MustacheValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}
