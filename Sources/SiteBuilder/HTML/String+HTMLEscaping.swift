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
        // Most anchors are ASCII letters, digits and dashes, which stay as they are (9% of the
        // render step went to the Unicode properties asked below).
        if utf8.allSatisfy(Self.isFragmentByte) { return self }
        var result = ""
        for scalar in unicodeScalars {
            // Letters beyond ASCII stay as they are (the browser encodes them when it follows the
            // link): a Chinese anchor percent-encoded is three times as long, and a page of 400
            // headings carries each anchor twice.
            if scalar.value >= 0xA0, !scalar.properties.isWhitespace, scalar.properties.generalCategory != .format,
               scalar.properties.generalCategory != .unassigned, scalar.properties.generalCategory != .privateUse {
                result.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                if Self.isFragmentByte(byte) {
                    result.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
        }
        return result
    }

    /// An ASCII byte a fragment keeps as it is: letters, digits and the sub-delimiters.
    private static func isFragmentByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~!$&'()*+,;=:@/?".utf8.contains(byte)
        }
    }
}
