import SkillParser

/// Escaping for text and attribute values in generated HTML. Everything we write goes
/// through one of these unless it is HTML we generated ourselves.
extension String {
    /// Text safe inside an element or a double-quoted attribute: `& < > " '` escaped.
    public var htmlEscaped: String {
        // Bytes, not scalars: the five characters are ASCII, which never occurs inside a multi-byte
        // UTF-8 sequence. Most text has none of them and comes back as it is.
        guard utf8.contains(where: Self.needsEscaping) else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 32)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "<"): bytes += "&lt;".utf8
            case UInt8(ascii: ">"): bytes += "&gt;".utf8
            case UInt8(ascii: "\""): bytes += "&quot;".utf8
            case UInt8(ascii: "'"): bytes += "&#39;".utf8
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }

    /// A URL written by an author, made valid for an `href`: characters a URL may not contain
    /// (spaces, quotes, angle brackets, controls) are percent-encoded; the rest is kept.
    var urlSanitized: String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar.value < 0x21 || scalar.value == 0x7F || "\"<>\\^`{|}".unicodeScalars.contains(scalar) {
                for byte in String(scalar).utf8 {
                    result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Percent-encodes a fragment identifier for use after `#` in an href.
    var fragmentEncoded: String {
        PercentEncoding.encode(self) { byte in
            PercentEncoding.isAlphanumeric(byte) || Self.fragmentPunctuation.contains(byte)
        }
    }

    /// What a fragment may hold besides letters and digits (RFC 3986 `pchar`, `/` and `?`).
    private static let fragmentPunctuation = Set("-._~!$&'()*+,;=:@/?".utf8)
}
