/// A glob over root-relative paths, as written in `ignore:`, `include:` and `exclude:` of `skillbook.yml`.
///
/// `*` matches within one path segment, `**` across segments (`**/` also matches no folder
/// at all), `?` one character of a segment. A pattern also matches everything under a folder
/// it matches, so `drafts` and `drafts/` ignore the whole folder.
public struct Glob: Sendable, Hashable {
    public let pattern: String
    private let parts: [Character]

    public init(_ pattern: String) {
        var text = pattern
        if text.hasPrefix("./") { text.removeFirst(2) }
        while text.hasSuffix("/") { text.removeLast() }
        self.pattern = pattern
        parts = Array(text)
    }

    public func matches(_ path: String) -> Bool {
        let characters = Array(path)
        if Self.match(parts[...], characters[...]) { return true }
        // Everything under a matching folder.
        for (index, character) in characters.enumerated() where character == "/" {
            if Self.match(parts[...], characters[..<index]) { return true }
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        let rest = pattern.dropFirst()
        switch first {
        case "*" where rest.first == "*":
            var after = rest.dropFirst()
            if after.first == "/" {
                after = after.dropFirst()
                // `**/x`: x at this level, or after any number of folders.
                if match(after, text) { return true }
                for index in text.indices where text[index] == "/" {
                    if match(after, text[(index + 1)...]) { return true }
                }
                return false
            }
            for index in text.indices.reversed() + [text.endIndex] where match(after, text[index...]) {
                return true
            }
            return false
        case "*":
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                guard index < text.endIndex, text[index] != "/" else { return false }
                index += 1
            }
        case "?":
            guard let character = text.first, character != "/" else { return false }
            return match(rest, text.dropFirst())
        default:
            guard text.first == first else { return false }
            return match(rest, text.dropFirst())
        }
    }
}
