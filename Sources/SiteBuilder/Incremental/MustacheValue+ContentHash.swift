import SkillParser
extension ContentHasher {
    /// Feeds a template context: a tag per case, then its contents; an object's members in key
    /// order, so the digest does not depend on dictionary order. Two contexts that render
    /// differently with the same templates always feed different bytes.
    mutating func add(_ value: MustacheValue) {
        switch value {
        case .string(let text):
            add(1 as UInt64)
            add(text)
        case .utf8(let bytes):
            // As the same text held as a `String`: the two render the same.
            add(1 as UInt64)
            bytes.withUnsafeBytes { add($0) }
        case .bool(let flag):
            add(flag ? 2 : 3 as UInt64)
        case .number(let number):
            add(4 as UInt64)
            add(number.bitPattern)
        case .list(let items):
            add(5 as UInt64)
            add(items.count)
            for item in items { add(item) }
        case .object(let members):
            add(6 as UInt64)
            let byName = members.byName
            add(byName.count)
            for (name, value) in byName {
                add(name)
                add(value)
            }
        case .null:
            add(7 as UInt64)
        }
    }
}
