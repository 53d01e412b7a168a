/// A path's `/`-separated segments, empty ones left out, as `split(separator: "/")` gives them.
///
/// Splitting a `String` by `Character` walks grapheme clusters, which cost a tenth of the
/// site's render step in paths worked out for every link of every page. In an ASCII path every
/// byte is a character, so the bytes are split instead; any other path keeps the character
/// split (there a `/` followed by a combining mark is one character, not a separator).
public enum PathSegments {
    static func split(_ path: String) -> [Substring] {
        guard isASCII(path) else { return path.split(separator: "/") }
        let utf8 = path.utf8
        return utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    /// The last segment, as `split(path).last` gives it, found from the end of an ASCII path
    /// without splitting (and allocating) the rest: the checks and the site ask it of every
    /// document and skill folder.
    public static func last(_ path: String) -> Substring? {
        guard isASCII(path) else { return path.split(separator: "/").last }
        let utf8 = path.utf8, slash = UInt8(ascii: "/")
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == slash { end = utf8.index(before: end) }
        guard end > utf8.startIndex else { return nil }
        var start = end
        while start > utf8.startIndex, utf8[utf8.index(before: start)] != slash { start = utf8.index(before: start) }
        return Substring(utf8[start..<end])
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
