/// Percent-encoding of URL parts, byte by byte over UTF-8, shared by page paths and fragments.
/// Works on bytes, not scalars: the scalar-property checks it replaces (`isAlphabetic` per byte)
/// showed in the render step's profile.
public enum PercentEncoding {
    /// `text` with every UTF-8 byte that `kept` refuses written as `%XX` (upper-case hex).
    public static func encode(_ text: String, keeping kept: (UInt8) -> Bool) -> String {
        if text.utf8.allSatisfy(kept) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if kept(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ASCII letters and digits.
    public static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// RFC 3986's unreserved characters: letters, digits, `-._~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
