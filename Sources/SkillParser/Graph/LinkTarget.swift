import Foundation

/// A link destination taken apart: the file it names and the anchor, decoded.
public struct LinkTarget: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `https:`, `mailto:`, `//host`: not ours to check.
        case external
        /// `#anchor` in the same document.
        case sameDocument
        /// `/docs/x.md`: relative to a site root, not to the document.
        case siteAbsolute
        /// `x.md`, `../y/SKILL.md#a`: relative to the document's folder.
        case relative
        /// An empty destination.
        case empty
    }

    public var kind: Kind
    /// The percent-decoded path, without query and anchor (empty for `sameDocument`).
    public var path: String
    /// The percent-decoded anchor after `#`, when there is one.
    public var anchor: String?

    public init(_ destination: String) {
        let trimmed = destination.trimmingWhitespace
        var text = trimmed
        if text.hasPrefix("<"), text.hasSuffix(">") { text = String(text.dropFirst().dropLast()) }
        var anchor: String?
        // Destinations are nearly always ASCII, where a byte is a character (`#`, `?` and `:`
        // are never part of `\r\n`): searching bytes gives the same index without walking
        // grapheme boundaries, which was most of resolving a link.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        if let hash = ascii ? text.utf8.firstIndex(of: UInt8(ascii: "#")) : text.firstIndex(of: "#") {
            anchor = Self.percentDecoded(String(text[text.index(after: hash)...]))
            text = String(text[..<hash])
        }
        if let query = ascii ? text.utf8.firstIndex(of: UInt8(ascii: "?")) : text.firstIndex(of: "?") {
            text = String(text[..<query])
        }
        self.anchor = anchor
        self.path = Self.percentDecoded(text)
        if trimmed.isEmpty {
            kind = .empty
        } else if Self.hasScheme(text) || text.hasPrefix("//") {
            kind = .external
        } else if text.isEmpty {
            kind = anchor == nil ? .empty : .sameDocument
        } else if text.hasPrefix("/") {
            kind = .siteAbsolute
        } else {
            kind = .relative
        }
    }

    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return bytePercentDecoded(text.utf8) ?? foundationPercentDecoded(text)
    }

    /// `percentDecoded` as Foundation's `removingPercentEncoding` answers it, or the text itself
    /// when that refuses it.
    static func foundationPercentDecoded(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }

    /// `percentDecoded` of text whose every `%` starts an escape of two hex digits and whose
    /// decoded bytes are UTF-8, decoded byte by byte; `nil` for other text, which Foundation
    /// answers. Foundation's decoding (through NSString) was half of taking a destination apart,
    /// which the graph does twice for every link of a collection (perf, a rebuild of
    /// agentic-awesome-skills: 19 of 45 samples).
    static func bytePercentDecoded(_ text: String.UTF8View) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func hasScheme(_ text: String) -> Bool {
        byteHasScheme(text.utf8) ?? characterHasScheme(text)
    }

    /// `hasScheme` read by characters, for any text.
    static func characterHasScheme(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: ":")), let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `hasScheme` read from the bytes before the first `:`, when they and the byte after it are
    /// ASCII (then each byte is a character, and that `:` is the first `:` character); `nil` for
    /// other text.
    static func byteHasScheme(_ text: String.UTF8View) -> Bool? {
        var iterator = text.makeIterator()
        var length = 0, valid = true
        while let byte = iterator.next() {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: ":") {
                if let next = iterator.next(), next >= 0x80 { return nil }
                return valid && length > 0
            }
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            if length == 0 {
                valid = letter
            } else if !(letter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")) {
                valid = false
            }
            length += 1
        }
        return false
    }
}

/// Root-relative path arithmetic with `/` separators.
public enum RelativePath {
    /// The folder of a root-relative file path ("" for a file at the root).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Joins `relative` onto `folder` and resolves `.` and `..`.
    /// Returns `nil` when the result would leave the root.
    public static func resolve(_ relative: String, from folder: String) -> String? {
        if isPlain(relative.utf8), folder.isEmpty || isPlain(folder.utf8) {
            return folder.isEmpty ? relative : folder + "/" + relative
        }
        return resolveBySegments(relative, from: folder)
    }

    /// `resolve`, segment by segment, for any text.
    static func resolveBySegments(_ relative: String, from folder: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Whether `path` is ASCII with segments that are neither empty nor `.` or `..`: then
    /// joining it as text is what `resolve` does segment by segment (for every link and code
    /// span of a collection: the split and join were most of resolving one).
    static func isPlain(_ path: String.UTF8View) -> Bool {
        var length = 0, dots = 0
        for byte in path {
            guard byte < 0x80 else { return false }
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots == length && dots <= 2) { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && !(dots == length && dots <= 2)
    }

    /// The path that leads from the folder `from` to the root-relative `path`.
    public static func relative(_ path: String, from folder: String) -> String {
        let base = folder.split(separator: "/").map(String.init)
        let target = path.split(separator: "/").map(String.init)
        var common = 0
        while common < base.count, common < target.count - 1, base[common] == target[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }
}
