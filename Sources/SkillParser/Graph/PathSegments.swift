/// A path's `/`-separated segments, empty ones left out, as `split(separator: "/")` gives them.
///
/// Splitting a `String` by `Character` walks grapheme clusters, which cost a tenth of the
/// site's render step in paths worked out for every link of every page. In an ASCII path every
/// byte is a character, so the bytes are split instead; any other path keeps the character
/// split (there a `/` followed by a combining mark is one character, not a separator).
enum PathSegments {
    static func split(_ path: String) -> [Substring] {
        guard isASCII(path) else { return path.split(separator: "/") }
        let utf8 = path.utf8
        return utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
