/// Whether a URL written by an author can be a working link. Placeholders such as
/// `http://host:port` or `https:///path` are not: a page that links them is invalid HTML.
public enum ExternalURL {
    /// Schemes with an authority (`//host`), whose host and port are checked.
    static let hierarchical: Set<String> = ["http", "https", "ftp", "ftps", "ws", "wss"]

    public static func isWellFormed(_ url: String) -> Bool {
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
        let trimmed = destination.trimmingWhitespace
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let scheme = trimmed[..<colon].unicodeScalars.filter { $0.value > 0x20 }
        return String(String.UnicodeScalarView(scheme)).lowercased()
    }
}
