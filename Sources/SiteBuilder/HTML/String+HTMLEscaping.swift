/// Escaping for text and attribute values in generated HTML. Everything we write goes
/// through one of these unless it is HTML we generated ourselves.
extension String {
    /// Text safe inside an element or a double-quoted attribute: `& < > " '` escaped.
    public var htmlEscaped: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
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
                let ascii = Unicode.Scalar(byte)
                if byte < 0x80, ascii.properties.isAlphabetic || ("0"..."9").contains(Character(ascii))
                    || "-._~!$&'()*+,;=:@/?".unicodeScalars.contains(ascii) {
                    result.unicodeScalars.append(ascii)
                } else {
                    result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
        }
        return result
    }
}
