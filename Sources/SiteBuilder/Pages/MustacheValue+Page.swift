/// Small constructors for page contexts. Every object a template loops over lists all the keys
/// its section reads (missing ones as `.null`), so a name never falls through to an outer value.
extension MustacheValue {
    static func text(_ value: String?) -> MustacheValue {
        value.map { .string($0) } ?? .null
    }

    static func count(_ value: Int) -> MustacheValue {
        .number(Double(value))
    }

    /// A link: `{href, title}`.
    static func link(_ title: String, _ href: String) -> MustacheValue {
        ["title": .string(title), "href": .string(href)]
    }

    /// Marks the last element of each list item with `last: true`, for separators.
    static func list(withLast items: [MustacheObject]) -> MustacheValue {
        .list(items.enumerated().map { index, item in
            var copy = item
            copy["last"] = .bool(index == items.count - 1)
            return .object(copy)
        })
    }
}
