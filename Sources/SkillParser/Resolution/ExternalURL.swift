/// Whether a URL written by an author can be a working link. Placeholders such as
/// `http://host:port` or `https:///path` are not: a page that links them is invalid HTML.
public enum ExternalURL {
    /// Schemes with an authority (`//host`), whose host and port are checked.
    static let hierarchical: Set<String> = ["http", "https", "ftp", "ftps", "ws", "wss"]

    public static func isWellFormed(_ url: String) -> Bool {
        // Nearly every URL is ASCII, where characters are bytes: read its bytes (a grapheme walk
        // was a tenth of a rebuild's load step); anything else takes the character walk below.
        var url = url
        if let answer = url.withUTF8({ asciiWellFormed($0) }) { return answer }
        return characterWellFormed(url)
    }

    /// `isWellFormed` of an all-ASCII URL, read byte by byte with the same rules as the
    /// character walk; `nil` when the URL has a byte outside ASCII.
    static func asciiWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let (colonByte, slash, at) = (UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "@"))
        guard let colon = bytes.firstIndex(of: colonByte) else { return true }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard hierarchical.contains(scheme) else { return true }
        let rest = bytes[(colon + 1)...]
        guard rest.count >= 2, rest[colon + 1] == slash, rest[colon + 2] == slash else { return false }
        let afterSlashes = rest.dropFirst(2)
        let authority = afterSlashes.prefix { $0 != slash && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        var host = authority.lastIndex(of: at).map { authority[($0 + 1)...] } ?? authority
        var port = host[host.endIndex...]
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            port = host[(close + 1)...].drop { $0 == colonByte }
            host = host[...close]
        } else if let portColon = host.lastIndex(of: colonByte) {
            port = host[(portColon + 1)...]
            host = host[..<portColon]
        }
        guard !host.isEmpty, port.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return false }
        if host.first == UInt8(ascii: "[") { return true }
        let allowed = host.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"): true
            default: false
            }
        }
        guard allowed else { return false }
        // `%5C` (a backslash), in either case.
        var index = host.startIndex
        while index + 2 < host.endIndex {
            if host[index] == UInt8(ascii: "%"), host[index + 1] == UInt8(ascii: "5"), host[index + 2] | 0x20 == UInt8(ascii: "c") {
                return false
            }
            index += 1
        }
        return true
    }

    /// `isWellFormed` by characters, for URLs with letters outside ASCII.
    static func characterWellFormed(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return true }
        let scheme = url[..<colon].lowercased()
        guard hierarchical.contains(scheme) else { return true }
        let rest = url[url.index(after: colon)...]
        guard rest.hasPrefix("//") else { return false }
        let authority = rest.dropFirst(2).prefix { !"/?#".contains($0) }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        var host = hostAndPort[...]
        var port: Substring = ""
        if host.hasPrefix("[") {
            // An IPv6 literal: `[::1]:8080`.
            guard let close = host.firstIndex(of: "]") else { return false }
            port = host[host.index(after: close)...].drop { $0 == ":" }
            host = host[...close]
        } else if let portColon = host.lastIndex(of: ":") {
            port = host[host.index(after: portColon)...]
            host = host[..<portColon]
        }
        guard !host.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else { return false }
        if host.hasPrefix("[") { return true }
        return host.allSatisfy { !$0.isASCII || $0.isLetter || $0.isNumber || "-._~%".contains($0) }
            && !host.contains("%5C") && !host.contains("%5c")
    }
}

extension ExternalURL {
    /// URL schemes that may not appear in a link of the site: they run code or embed content.
    public static let unsafeSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    /// The scheme of a destination, lower case, as a browser reads it: tabs, newlines and
    /// leading controls are ignored, so `java\tscript:` is still `javascript`.
    public static func scheme(of destination: String) -> String? {
        asciiScheme(of: destination) ?? characterScheme(of: destination)
    }

    /// `scheme(of:)` read character by character, for any text.
    static func characterScheme(of destination: String) -> String? {
        let trimmed = destination.trimmingWhitespace
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let scheme = trimmed[..<colon].unicodeScalars.filter { $0.value > 0x20 }
        return String(String.UnicodeScalarView(scheme)).lowercased()
    }

    /// `scheme(of:)` read from the bytes when every byte up to the first `:` is ASCII and the
    /// byte after it is too (a combining mark after `:` would make it another character): then
    /// the whitespace `trimmingWhitespace` removes before the colon is below 0x21 and dropped
    /// anyway, and lower case is ASCII lower case. `.some(nil)`: no `:` at all. `nil`: ask the
    /// general path. Most external links of a collection are read here (the general path was
    /// 19 ms of processor time of a rebuild of agentic-awesome-skills).
    static func asciiScheme(of destination: String) -> String?? {
        var scheme: [UInt8] = []
        var bytes = destination.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: ":") {
                if let next = bytes.next(), next >= 0x80 { return nil }
                return .some(String(decoding: scheme, as: UTF8.self))
            }
            if byte > 0x20 { scheme.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte) }
        }
        return .some(nil)
    }
}
